/*
 * Counts the blocks C's heap hands out and takes back, for NativeHeap: preloaded into the test
 * JVM (LD_PRELOAD, set by surefire), every allocator entry point forwards to glibc's own and counts
 * one block made or freed. A leak of one object a call then shows as one block a call, whatever
 * its size. In a java process the constructor removes LD_PRELOAD from the environment, so what
 * the tests start (gcc, python, child JVMs, qemu-arm's guests) runs without it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

extern void* __libc_malloc(size_t size);
extern void __libc_free(void* block);
extern void* __libc_calloc(size_t count, size_t size);
extern void* __libc_realloc(void* block, size_t size);
extern void* __libc_memalign(size_t alignment, size_t size);

static atomic_long made;
static atomic_long freed;

static void* counted(void* block) {
  if (block != NULL) {
    atomic_fetch_add_explicit(&made, 1, memory_order_relaxed);
  }
  return block;
}

void* malloc(size_t size) { return counted(__libc_malloc(size)); }

void* calloc(size_t count, size_t size) { return counted(__libc_calloc(count, size)); }

void free(void* block) {
  if (block != NULL) {
    atomic_fetch_add_explicit(&freed, 1, memory_order_relaxed);
  }
  __libc_free(block);
}

void* realloc(void* block, size_t size) {
  if (block == NULL) {
    return malloc(size);
  }
  if (size == 0) {
    free(block);
    return NULL;
  }
  return __libc_realloc(block, size); /* one block still, moved or not */
}

void* memalign(size_t alignment, size_t size) {
  return counted(__libc_memalign(alignment, size));
}

void* aligned_alloc(size_t alignment, size_t size) { return memalign(alignment, size); }

int posix_memalign(void** out, size_t alignment, size_t size) {
  if (alignment % sizeof(void*) != 0 || (alignment & (alignment - 1)) != 0) {
    return EINVAL;
  }
  void* block = memalign(alignment, size);
  if (block == NULL) {
    return ENOMEM;
  }
  *out = block;
  return 0;
}

void* valloc(size_t size) { return memalign((size_t) sysconf(_SC_PAGESIZE), size); }

void* pvalloc(size_t size) {
  size_t page = (size_t) sysconf(_SC_PAGESIZE);
  return memalign(page, (size + page - 1) / page * page);
}

/* Blocks made and not freed since the process began. */
long tvmbind_live_blocks(void) {
  return atomic_load(&made) - atomic_load(&freed);
}

/* Blocks made since the process began: 0 when this library was loaded but never preloaded. */
long tvmbind_blocks_made(void) { return atomic_load(&made); }

__attribute__((constructor)) static void keep_to_the_jvm(void) {
  char exe[4096];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n > 5) {
    exe[n] = '\0';
    if (strcmp(exe + n - 5, "/java") == 0) {
      unsetenv("LD_PRELOAD");
    }
  }
}
