/* ABI probes: each exercises one way a call can cross the boundary, so a test can check the Rust side gets it
 * right: a small struct returned by value, a one-byte bool, C varargs, a callback into Rust returning a struct
 * by value, and errno left by a failing call. */
#include <errno.h>
#include <stdarg.h>

#include "goldberry_shim.h"

GoldberryProbePair goldberry_probe_pair(float value, int32_t unit) {
  GoldberryProbePair pair = {value * 2.0f, unit + 1};
  return pair;
}

bool goldberry_probe_negate(bool value) { return !value; }

double goldberry_probe_variadic_sum(const char* kinds, ...) {
  va_list args;
  va_start(args, kinds);
  double sum = 0.0;
  for (const char* kind = kinds; *kind; kind++) {
    switch (*kind) {
      case 'i': sum += va_arg(args, int); break;
      case 'd': sum += va_arg(args, double); break;
      case 'p': sum += *va_arg(args, const int*); break;
      default: va_end(args); return -1.0;
    }
  }
  va_end(args);
  return sum;
}

GoldberryProbeSize goldberry_probe_upcall(GoldberryProbeMeasure measure, void* context, float width, float height) {
  GoldberryProbeSize size = measure(context, width, height);
  size.width += 1.0f;
  return size;
}

int goldberry_probe_fail_with_errno(int code) {
  errno = code;
  return -1;
}
