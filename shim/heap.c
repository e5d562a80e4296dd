/* Heap retention: keeps memory the process frees for its next allocations instead of handing it back to the
 * kernel.
 *
 * glibc's malloc gives the top of its heap back once more than M_TRIM_THRESHOLD (128 KiB) of it is free, and
 * serves blocks above M_MMAP_THRESHOLD with their own mmap, unmapped again on free. A frame of goldberry frees
 * and allocates megabytes (Blend2D's contexts, gradients and paths, the frame's display list), so every frame
 * handed pages back and faulted them in again: three brk calls a frame, and a page fault for each 4 KiB touched
 * again. Both thresholds apply to every allocation in the process, Rust's and the C libraries' alike. */
#include <malloc.h>

#include "goldberry_shim.h"

/* The largest mmap threshold glibc accepts on 64-bit targets (HEAP_MAX_SIZE / 2). */
#define GOLDBERRY_MMAP_THRESHOLD_MAX (32 * 1024 * 1024)

bool goldberry_heap_retain(int32_t bytes) {
  if (bytes < 0) {
    return false;
  }
  int mmap_threshold = bytes < GOLDBERRY_MMAP_THRESHOLD_MAX ? bytes : GOLDBERRY_MMAP_THRESHOLD_MAX;
  /* mallopt returns 1 on success, 0 on error. */
  return mallopt(M_TRIM_THRESHOLD, bytes) == 1 && mallopt(M_MMAP_THRESHOLD, mmap_threshold) == 1;
}

/* Hands every whole free page of every arena back to the kernel, now: what retention kept for the next frame
 * after the window's size changed is not what frames at the new size will reuse. */
bool goldberry_heap_trim(void) {
  return malloc_trim(0) == 1;
}

/* Caps how many arenas malloc keeps. glibc gives each thread that allocates an arena of its own, up to 8 per core,
 * and memory freed into one arena serves only the threads that allocate from it: with the band threads allocating
 * too, each arena climbs to a high-water mark of its own and the process's resident peak creeps up over a long
 * run though its heap does not grow (record 15). */
bool goldberry_heap_arenas(int32_t count) {
  if (count < 1) {
    return false;
  }
  return mallopt(M_ARENA_MAX, count) == 1;
}
