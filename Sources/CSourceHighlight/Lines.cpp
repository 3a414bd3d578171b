// States, and highlighting a line from one.
#include "Library.hpp"

#include <new>

using namespace rill_highlight;

extern "C" RillHighlightState *rill_highlight_initial_state(const RillHighlightLanguage *language) {
    if (!language) return nullptr;
    std::lock_guard<std::mutex> guard(libraryLock());
    try {
        return new RillHighlightState{language->mainState, srchilite::HighlightStateStack()};
    } catch (...) {
        return nullptr;
    }
}

extern "C" void rill_highlight_state_free(RillHighlightState *state) {
    if (!state) return;
    // Releasing the last reference to a state the highlighter made (a delimiter matched by a
    // back-reference) runs the library's destructors: under the lock too.
    std::lock_guard<std::mutex> guard(libraryLock());
    delete state;
}

extern "C" int rill_highlight_state_equal(const RillHighlightState *left, const RillHighlightState *right) {
    if (left == right) return 1;
    if (!left || !right) return 0;
    std::lock_guard<std::mutex> guard(libraryLock());
    return left->current == right->current && left->stack == right->stack;
}

extern "C" size_t rill_highlight_state_depth(const RillHighlightState *state) {
    return state ? state->stack.size() : 0;
}

extern "C" RillHighlightOutcome rill_highlight_line(const RillHighlightLanguage *constLanguage,
                                                    const RillHighlightState *from, const char *text, size_t length,
                                                    RillHighlightToken *tokens, size_t capacity, size_t *count,
                                                    RillHighlightState **end) {
    if (count) *count = 0;
    if (!constLanguage || !from || !count || !end || (!text && length > 0)) return RILL_HIGHLIGHT_FAILED;
    // The language's highlighter, line, stack and sink are only ever used under the lock.
    auto *language = const_cast<RillHighlightLanguage *>(constLanguage);
    std::lock_guard<std::mutex> guard(libraryLock());
    TokenSink sink{tokens, tokens ? capacity : 0, 0, length};
    try {
        language->sink = &sink;
        language->parameters.start = 0;
        language->line.assign(text ? text : "", length);
        *language->stack = from->stack;
        language->highlighter.setCurrentState(from->current);
        language->highlighter.setStateStack(language->stack);
        language->highlighter.highlightParagraph(language->line);
        language->sink = nullptr;
        *count = sink.count;
        const srchilite::HighlightStatePtr &current = language->highlighter.getCurrentState();
        const srchilite::HighlightStateStack &stack = *language->highlighter.getStateStack();
        if (current == from->current && stack == from->stack) return RILL_HIGHLIGHT_SAME;
        // A construct nested deeper than the limit is cut at the line's end.
        if ((current == language->mainState && stack.empty()) || stack.size() > RILL_HIGHLIGHT_MAX_DEPTH) {
            return RILL_HIGHLIGHT_INITIAL;
        }
        *end = new RillHighlightState{current, stack};
        return RILL_HIGHLIGHT_CHANGED;
    } catch (...) {
        language->sink = nullptr;
        *count = 0;
        return RILL_HIGHLIGHT_FAILED;
    }
}
