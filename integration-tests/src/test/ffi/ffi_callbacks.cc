// Functions that call back: a typed function called on the caller's thread, on a thread of its
// own, kept past the call, and one whose error (a Java exception) propagates; and functions
// returned to Java, whose captures count their constructions and destructions: FfiCallbackTest.
#include <tvm/ffi/tvm_ffi.h>

#include <atomic>
#include <exception>
#include <thread>

namespace ffi_callbacks {

using Scorer = tvm::ffi::TypedFunction<int64_t(int64_t)>;

int64_t ApplyTwice(Scorer f, int64_t x) { return f(f(x)); }

// Every plain type through one callback: int, double, float and bool as C++ passes them, then
// the conversions tvm-ffi's own Python allows (an int for a double, a bool for an int), then an
// int64 too wide for Java's int (its TypeError comes back as the error).
using Mixed = tvm::ffi::Function;
double Mixed3(Mixed f, int64_t step) {
  if (step == 0) return f(int64_t{7}, 2.5, 0.25, true).cast<double>();
  if (step == 1) return f(int64_t{7}, int64_t{2}, int64_t{1}, true).cast<double>();
  if (step == 2) return f(true, 2.5, 0.25, false).cast<double>();
  return f(int64_t{1} << 40, 2.5, 0.25, true).cast<double>();
}

// An error raised there is carried back to the calling thread, as C++ must.
int64_t ApplyElsewhere(Scorer f, int64_t x) {
  int64_t out = 0;
  std::exception_ptr error;
  std::thread([&] {
    try {
      out = f(x);
    } catch (...) {
      error = std::current_exception();
    }
  }).join();
  if (error) std::rethrow_exception(error);
  return out;
}

tvm::ffi::String Greet(tvm::ffi::TypedFunction<tvm::ffi::String(tvm::ffi::String)> f) {
  return f("from C++");
}

Scorer kept;
void Keep(Scorer f) { kept = f; }
int64_t CallKept(int64_t x) { return kept(x); }
void DropKept() { kept = Scorer(); }

// Counts each copy a returned function's capture makes and each one destroyed.
std::atomic<int64_t> made{0};
std::atomic<int64_t> freed{0};

struct Counted {
  int64_t k;
  explicit Counted(int64_t k) : k(k) { ++made; }
  Counted(const Counted& other) : k(other.k) { ++made; }
  Counted(Counted&& other) noexcept : k(other.k) { ++made; }
  ~Counted() { ++freed; }
};

Scorer MakeAdder(int64_t k) {
  Counted counted(k);
  return Scorer([counted](int64_t x) { return x + counted.k; });
}

int64_t CountedMade() { return made; }
int64_t CountedFreed() { return freed; }

// Java's function, called twice by C++, handed back to Java as a function of its own.
Scorer Compose(Scorer f) {
  return Scorer([f](int64_t x) { return f(f(x)); });
}

Scorer Failing() {
  return Scorer([](int64_t x) -> int64_t {
    TVM_FFI_THROW(ValueError) << "no score for " << x;
  });
}

tvm::ffi::Optional<Scorer> Find(tvm::ffi::String name) {
  std::optional<tvm::ffi::Function> found = tvm::ffi::Function::GetGlobal(name);
  if (!found) return std::nullopt;
  return Scorer(*found);
}

// Overriding: the test loads this library's plain and metadata builds into one process, and a
// second registration throwing while the library loads would abort it.
TVM_FFI_STATIC_INIT_BLOCK() {
  tvm::ffi::Function::SetGlobal("ffi_callbacks.triple",
                                tvm::ffi::Function::FromTyped([](int64_t x) { return 3 * x; }),
                                true);
}

}  // namespace ffi_callbacks

TVM_FFI_DLL_EXPORT_TYPED_FUNC(apply_twice, ffi_callbacks::ApplyTwice)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(mixed, ffi_callbacks::Mixed3)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(apply_elsewhere, ffi_callbacks::ApplyElsewhere)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(greet, ffi_callbacks::Greet)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(keep, ffi_callbacks::Keep)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(call_kept, ffi_callbacks::CallKept)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(drop_kept, ffi_callbacks::DropKept)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(make_adder, ffi_callbacks::MakeAdder)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(counted_made, ffi_callbacks::CountedMade)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(counted_freed, ffi_callbacks::CountedFreed)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(compose, ffi_callbacks::Compose)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(failing, ffi_callbacks::Failing)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(find, ffi_callbacks::Find)
