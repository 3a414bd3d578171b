#ifndef RILL_CCMARKGFM_SHIM_H
#define RILL_CCMARKGFM_SHIM_H

#include <cmark-gfm.h>
#include <cmark-gfm-extension_api.h>
#include <cmark-gfm-core-extensions.h>

// The GFM extension node types are runtime variables exported by libcmark-gfm-extensions.so
// but declared in no installed header. They are 0 until
// cmark_gfm_core_extensions_ensure_registered() has run.
extern cmark_node_type CMARK_NODE_TABLE;
extern cmark_node_type CMARK_NODE_TABLE_ROW;
extern cmark_node_type CMARK_NODE_TABLE_CELL;
extern cmark_node_type CMARK_NODE_STRIKETHROUGH;


// Swift 6 refuses to read mutable C globals (they are shared mutable state), so the values are
// read through these functions, after registration.
static inline cmark_node_type rill_node_type_table(void) { return CMARK_NODE_TABLE; }
static inline cmark_node_type rill_node_type_table_row(void) { return CMARK_NODE_TABLE_ROW; }
static inline cmark_node_type rill_node_type_table_cell(void) { return CMARK_NODE_TABLE_CELL; }
static inline cmark_node_type rill_node_type_strikethrough(void) { return CMARK_NODE_STRIKETHROUGH; }

#endif
