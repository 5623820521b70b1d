#pragma once
// Nothrow, cache-line-aligned scratch arrays with a byte budget: the only way the cephalopod
// kernels get memory. Growth is explicit (grow_to copies what is kept), a failed or over-budget
// allocation is a `false` the kernel turns into an sp::Error, never an exception or an abort
// (the wasm build has no exceptions; std::vector would abort the module).

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <type_traits>
#include <utility>

namespace sp::cephalopod {

// Bytes a workspace may hold at once, all kernels together.
inline constexpr std::size_t kMemoryCap = std::size_t{64} << 20;

struct Budget {
  std::size_t used = 0;
  std::size_t cap = kMemoryCap;
};

template <class T>
class Buffer {
  static_assert(std::is_trivially_copyable_v<T>);

 public:
  Buffer() = default;
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;
  Buffer(Buffer&& o) noexcept { swap(o); }
  Buffer& operator=(Buffer&& o) noexcept {
    swap(o);
    return *this;
  }
  ~Buffer() { release(); }

  void swap(Buffer& o) noexcept {
    std::swap(data_, o.data_);
    std::swap(size_, o.size_);
    std::swap(budget_, o.budget_);
  }

  // Makes room for n elements, keeping the first `keep` (<= size()). Contents past `keep` are
  // unspecified. False if the budget or the allocator says no; the old contents then stay.
  bool grow_to(Budget& budget, std::size_t n, std::size_t keep = 0) {
    if (n <= size_) return true;
    // While the kept contents are copied, old and new blocks both exist: that is the peak.
    if (n > (std::size_t{1} << 40) / sizeof(T) || budget.used + n * sizeof(T) > budget.cap) return false;
    void* p = std::aligned_alloc(64, round_up(n * sizeof(T)));
    if (!p) return false;
    if (keep) std::memcpy(p, data_, keep * sizeof(T));
    release();
    data_ = static_cast<T*>(p);
    size_ = n;
    budget_ = &budget;
    budget.used += n * sizeof(T);
    return true;
  }

  void fill_zero() {
    if (data_) std::memset(static_cast<void*>(data_), 0, size_ * sizeof(T));
  }

  T* data() { return data_; }
  const T* data() const { return data_; }
  std::size_t size() const { return size_; }
  T& operator[](std::size_t i) { return data_[i]; }
  const T& operator[](std::size_t i) const { return data_[i]; }

 private:
  static std::size_t round_up(std::size_t bytes) { return (bytes + 63) & ~std::size_t{63}; }
  void release() {
    if (data_) {
      std::free(data_);
      budget_->used -= size_ * sizeof(T);
    }
    data_ = nullptr;
    size_ = 0;
  }

  T* data_ = nullptr;
  std::size_t size_ = 0;
  Budget* budget_ = nullptr;
};

}  // namespace sp::cephalopod
