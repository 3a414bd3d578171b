#ifndef RILL_CUTF8PROC_SHIM_H
#define RILL_CUTF8PROC_SHIM_H

#include <utf8proc.h>

#endif
