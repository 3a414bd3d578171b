// What the C interface's files share: the lock, and the two opaque types' definitions.
#ifndef CSOURCEHIGHLIGHT_LIBRARY_HPP
#define CSOURCEHIGHLIGHT_LIBRARY_HPP

#include "CSourceHighlight.h"

#include <srchilite/formattermanager.h>
#include <srchilite/formatterparams.h>
#include <srchilite/highlightstate.h>
#include <srchilite/sourcehighlighter.h>

#include <mutex>
#include <string>

namespace rill_highlight {

/// Serializes every call into the library (see the header).
std::mutex &libraryLock();

/// Where the formatters of the line being highlighted write its tokens.
struct TokenSink {
    RillHighlightToken *tokens = nullptr;
    size_t capacity = 0;
    size_t count = 0;
    size_t length = 0;
};

}  // namespace rill_highlight

struct RillHighlightLanguage {
    std::string file;
    srchilite::HighlightStatePtr mainState;
    srchilite::FormatterManager formatters;
    srchilite::FormatterParams parameters;
    srchilite::SourceHighlighter highlighter;
    /// The line being highlighted's sink, set for the duration of one call.
    rill_highlight::TokenSink *sink = nullptr;
    /// The line and the stack the highlighter works on, kept between calls so that an ordinary
    /// line allocates neither.
    std::string line;
    srchilite::HighlightStateStackPtr stack;

    RillHighlightLanguage(const std::string &file, srchilite::HighlightStatePtr mainState);
};

struct RillHighlightState {
    srchilite::HighlightStatePtr current;
    srchilite::HighlightStateStack stack;
};

#endif
