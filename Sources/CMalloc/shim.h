#ifndef RILL_CMALLOC_SHIM_H
#define RILL_CMALLOC_SHIM_H

// glibc's allocator settings (mallopt), which Swift's Glibc module leaves out.
#include <malloc.h>

#endif
