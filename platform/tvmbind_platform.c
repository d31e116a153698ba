/*
 * The platform functions that TVM-generated C calls when it was compiled without static memory
 * planning (no USMP): TVMBackendAllocWorkspace / TVMBackendFreeWorkspace for intermediate
 * tensors, and TVMAPISetLastError for errors. Link this file with the C files of TVM's
 * codegen/host/src to build a shared library that tvmbind's bindings call:
 *
 *   gcc -O2 -shared -fPIC -I mlf/codegen/host/include -I mlf/runtime/include
 *       -DTVMBIND_ARENA_SIZE=TVMGEN_DEFAULT_WORKSPACE_SIZE -include tvmgen_default.h
 *       -o libmodel.so mlf/codegen/host/src/default_lib0.c mlf/codegen/host/src/default_lib1.c
 *       tvmbind_platform.c -lm
 *
 * The workspace is a static arena of TVMBIND_ARENA_SIZE bytes per calling thread (C11
 * _Thread_local), so a binding may be called from several Java threads at once. TVM frees its
 * workspaces last in, first out, which is all this allocator supports. When the arena is too
 * small, TVMBackendAllocWorkspace returns NULL, TVM's code returns -1 from the run function, and
 * TVMGetLastError() says how many bytes were asked for and how many were left; tvmbind then calls
 * tvmbind_platform_reset(), since TVM's code returns without freeing what it took before.
 *
 * Part of tvmbind (Apache-2.0). The prototypes are TVM's (c_backend_api.h, c_runtime_api.h).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifndef TVMBIND_ARENA_SIZE
#error "define TVMBIND_ARENA_SIZE: the workspace bytes, e.g. -DTVMBIND_ARENA_SIZE=TVMGEN_DEFAULT_WORKSPACE_SIZE -include tvmgen_default.h"
#endif

/* Every block starts at a multiple of this, as TVM's own page allocator aligns them. */
#define TVMBIND_ALIGNMENT 16
/* Each block records its start, for the last-in-first-out check of the free. */
#define TVMBIND_MAX_BLOCKS 256

int TVMBackendFreeWorkspace(int device_type, int device_id, void* ptr);
void* TVMBackendAllocWorkspace(int device_type, int device_id, uint64_t nbytes, int dtype_code_hint,
                               int dtype_bits_hint);
void TVMAPISetLastError(const char* msg);
const char* TVMGetLastError(void);
void tvmbind_platform_reset(void);

static _Thread_local _Alignas(TVMBIND_ALIGNMENT) uint8_t arena[TVMBIND_ARENA_SIZE + 1];
static _Thread_local size_t used;
static _Thread_local size_t starts[TVMBIND_MAX_BLOCKS];
static _Thread_local int blocks;
static _Thread_local char last_error[256];

void TVMAPISetLastError(const char* msg) {
  snprintf(last_error, sizeof last_error, "%s", msg);
}

const char* TVMGetLastError(void) { return last_error; }

void* TVMBackendAllocWorkspace(int device_type, int device_id, uint64_t nbytes, int dtype_code_hint,
                               int dtype_bits_hint) {
  (void)device_type;
  (void)device_id;
  (void)dtype_code_hint;
  (void)dtype_bits_hint;
  size_t start = (used + TVMBIND_ALIGNMENT - 1) / TVMBIND_ALIGNMENT * TVMBIND_ALIGNMENT;
  if (blocks == TVMBIND_MAX_BLOCKS || start > (size_t)TVMBIND_ARENA_SIZE ||
      nbytes > (uint64_t)TVMBIND_ARENA_SIZE - start) {
    snprintf(last_error, sizeof last_error,
             "TVMBackendAllocWorkspace: %llu bytes asked for, %llu of the arena's %llu left"
             " (TVMBIND_ARENA_SIZE); build with the model's WORKSPACE_SIZE macro",
             (unsigned long long)nbytes,
             (unsigned long long)(start > (size_t)TVMBIND_ARENA_SIZE ? 0 : TVMBIND_ARENA_SIZE - start),
             (unsigned long long)TVMBIND_ARENA_SIZE);
    return NULL;
  }
  starts[blocks++] = used;
  used = start + (size_t)nbytes;
  return arena + start;
}

int TVMBackendFreeWorkspace(int device_type, int device_id, void* ptr) {
  (void)device_type;
  (void)device_id;
  if (blocks == 0 || (uint8_t*)ptr < arena || (uint8_t*)ptr >= arena + used) {
    TVMAPISetLastError("TVMBackendFreeWorkspace: not a workspace of this thread's arena");
    return -1;
  }
  size_t start = (size_t)((uint8_t*)ptr - arena);
  size_t expected = (starts[blocks - 1] + TVMBIND_ALIGNMENT - 1) / TVMBIND_ALIGNMENT * TVMBIND_ALIGNMENT;
  if (start != expected) {
    TVMAPISetLastError("TVMBackendFreeWorkspace: workspaces must be freed last in, first out");
    return -1;
  }
  used = starts[--blocks];
  return 0;
}

/*
 * tvmbind calls this after a run returned non-zero: TVM's code returns without freeing the
 * workspaces it took before the failure, which would otherwise stay taken in this thread's arena
 * for good. A thread's runs never overlap, so no block is in use then. The last error is kept.
 */
void tvmbind_platform_reset(void) {
  used = 0;
  blocks = 0;
}
