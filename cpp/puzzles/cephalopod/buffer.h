#pragma once
// Nothrow, cache-line-aligned scratch arrays with a byte budget: the only way the cephalopod
// kernels get memory. Growth is explicit (grow_to copies what is kept), a failed or over-budget
// allocation is a `false` the kernel turns into an sp::Error, never an exception or an abort
// (the wasm build has no exceptions; std::vector would abort the module).

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <type_traits>
#include <utility>

#if defined(__linux__)
#include <sys/mman.h>
#endif

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
    std::swap(bytes_, o.bytes_);
    std::swap(budget_, o.budget_);
  }

  // Makes room for n elements, keeping the first `keep` (<= size()). Contents past `keep` are
  // unspecified. False if the budget or the allocator says no; the old contents then stay.
  bool grow_to(Budget& budget, std::size_t n, std::size_t keep = 0) {
    if (n <= size_) return true;
    // While the kept contents are copied, old and new blocks both exist: that is the peak.
    if (n > (std::numeric_limits<std::size_t>::max() >> 2) / sizeof(T)) return false;
    const bool huge = huge_pages(n * sizeof(T));
    const std::size_t align = huge ? kHugePage : 64;
    const std::size_t bytes = (n * sizeof(T) + align - 1) & ~(align - 1);
    if (budget.used > budget.cap || bytes > budget.cap - budget.used) return false;
    void* p = std::aligned_alloc(align, bytes);
    if (!p) return false;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (huge) madvise(p, bytes, MADV_HUGEPAGE);  // advice only: failure is fine
#endif
    if (keep) std::memcpy(p, data_, keep * sizeof(T));
    release();
    data_ = static_cast<T*>(p);
    size_ = n;
    bytes_ = bytes;
    budget_ = &budget;
    budget.used += bytes;
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
  // Cache-line aligned. Blocks of several MiB (level tables, probed at random) are rounded to
  // 2 MiB pages and Linux is asked to back them with huge pages: the probes then miss the TLB far
  // less, which matters most in a VM, where a page walk is two-dimensional.
  static constexpr std::size_t kHugePage = std::size_t{2} << 20;
  static bool huge_pages(std::size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    return bytes >= 2 * kHugePage;
#else
    (void)bytes;
    return false;
#endif
  }
  void release() {
    if (data_) {
      std::free(data_);
      budget_->used -= bytes_;
    }
    data_ = nullptr;
    size_ = 0;
    bytes_ = 0;
  }

  T* data_ = nullptr;
  std::size_t size_ = 0;
  std::size_t bytes_ = 0;  // allocated (size_ elements, rounded)
  Budget* budget_ = nullptr;
};

}  // namespace sp::cephalopod
