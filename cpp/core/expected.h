#pragma once
// A value or a user-facing error message.
//
// The same core runs in the wasm build, where an escaped C++ exception aborts the whole module, so
// everything that can fail on user input (params, requests, files, links) returns Expected instead
// of throwing.

#include <string>
#include <utility>
#include <variant>


namespace sp {

struct Error {
  std::string message;
  std::string field = {};  // the parameter it is about, if any (the page marks that field)
};

template <class T>
class Expected {
 public:
  Expected(T value) : state_(std::in_place_index<0>, std::move(value)) {}
  Expected(Error error) : state_(std::in_place_index<1>, std::move(error)) {}

  bool ok() const { return state_.index() == 0; }
  explicit operator bool() const { return ok(); }

  T& value() & { return *std::get_if<0>(&state_); }
  const T& value() const& { return *std::get_if<0>(&state_); }
  T&& value() && { return std::move(*std::get_if<0>(&state_)); }
  T* operator->() { return std::get_if<0>(&state_); }
  const T* operator->() const { return std::get_if<0>(&state_); }

  const std::string& error() const { return std::get_if<1>(&state_)->message; }
  const Error& error_detail() const { return *std::get_if<1>(&state_); }

 private:
  std::variant<T, Error> state_;
};

// Success or an error, for operations that return nothing.
using Status = Expected<std::monostate>;
inline Status success() { return std::monostate{}; }

}  // namespace sp
