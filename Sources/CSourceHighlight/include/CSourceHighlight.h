// A C interface to GNU Source-highlight (libsource-highlight), one line at a time.
//
// Source-highlight's `srchilite::SourceHighlighter` highlights a line and leaves behind the state
// it ended in (a current state and a stack of states), so a construct opened on one line (a
// comment, a string) continues on the next. This interface hands that state out as an opaque,
// immutable value: a caller highlights a complete line once, keeps the state after it, and may
// highlight an incomplete line from a kept state as often as it likes without changing anything.
//
// Every function catches every C++ exception (a missing or broken language definition, a regular
// expression that exceeded Boost's matching limits, an allocation failure) and reports it as a
// NULL result. All calls are serialized on one process-wide lock: the library keeps global
// state (a state counter, its language cache), and Rill highlights from one thread at a time.
#ifndef CSOURCEHIGHLIGHT_H
#define CSOURCEHIGHLIGHT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What a token is: Source-highlight's element names, grouped.
enum {
    RILL_HIGHLIGHT_NORMAL = 0,   // `normal`, and any name not below: never reported
    RILL_HIGHLIGHT_KEYWORD,      // `keyword`
    RILL_HIGHLIGHT_TYPE,         // `type`, `classname`, `usertype`, `selector`
    RILL_HIGHLIGHT_STRING,       // `string`, `valquote`, `value`
    RILL_HIGHLIGHT_ESCAPE,       // `specialchar`
    RILL_HIGHLIGHT_REGEXP,       // `regexp`
    RILL_HIGHLIGHT_COMMENT,      // `comment`
    RILL_HIGHLIGHT_TODO,         // `todo`
    RILL_HIGHLIGHT_NUMBER,       // `number`
    RILL_HIGHLIGHT_FUNCTION,     // `function`, `predef_func`
    RILL_HIGHLIGHT_PREPROC,      // `preproc`
    RILL_HIGHLIGHT_SYMBOL,       // `symbol`, `cbracket`
    RILL_HIGHLIGHT_VARIABLE,     // `variable`, `predef_var`
    RILL_HIGHLIGHT_ATTRIBUTE,    // `attribute`, `property`, `key`, `keyquote`
    RILL_HIGHLIGHT_LABEL,        // `label`, `atom`
    RILL_HIGHLIGHT_DELETED,      // `oldfile` (a diff's removed lines)
    RILL_HIGHLIGHT_INSERTED,     // `newfile` (a diff's added lines)
    RILL_HIGHLIGHT_HUNK,         // `difflines` (a diff's `@@` lines)
    RILL_HIGHLIGHT_URL,          // `url`
    RILL_HIGHLIGHT_ELEMENT_COUNT
};

/// A token of a highlighted line: `length` bytes from byte `start`, of kind `element`.
typedef struct {
    uint32_t start;
    uint32_t length;
    uint32_t element;
} RillHighlightToken;

/// A loaded language definition. Loaded once per process and never freed.
typedef struct RillHighlightLanguage RillHighlightLanguage;

/// Where highlighting stands between two lines. Immutable; owned by whoever received it.
typedef struct RillHighlightState RillHighlightState;

/// The directory holding `lang.map` and the `.lang` files: what the library reports
/// (`SOURCE_HIGHLIGHT_DATADIR`, its configuration file, its built-in path), else
/// `/usr/share/source-highlight`. Never NULL; valid for the life of the process.
const char *rill_highlight_data_directory(void);

/// The language `name` names in `lang.map` (`python`, `py`, `cpp`, `sh`…), loaded on first use
/// and kept; NULL when no definition is mapped to it, it is `nohilite.lang`, or it fails to load
/// (a failure is remembered too).
const RillHighlightLanguage *rill_highlight_language(const char *name);

/// The `.lang` file a loaded language came from (`python.lang`).
const char *rill_highlight_language_file(const RillHighlightLanguage *language);

/// The state before a language's first line. Free it with `rill_highlight_state_free`.
RillHighlightState *rill_highlight_initial_state(const RillHighlightLanguage *language);

/// Frees a state (NULL is allowed).
void rill_highlight_state_free(RillHighlightState *state);

/// Whether two states highlight every line alike: the same current state and stack.
int rill_highlight_state_equal(const RillHighlightState *left, const RillHighlightState *right);

/// How many states a state has entered and not left (its stack's depth).
size_t rill_highlight_state_depth(const RillHighlightState *state);

/// Deepest stack a line may leave behind: a line that leaves more (`{-` nested a thousand times
/// in Haskell) ends in the initial state instead, so what is kept per line stays small.
#define RILL_HIGHLIGHT_MAX_DEPTH 16

/// What `rill_highlight_line` left behind.
typedef enum {
    /// Highlighting failed: no tokens; the caller shows the line plain and goes on from `from`.
    RILL_HIGHLIGHT_FAILED = 0,
    /// The line ends in the state it started in (most lines): `*end` is untouched.
    RILL_HIGHLIGHT_SAME = 1,
    /// The line ends in the language's initial state: `*end` is untouched.
    RILL_HIGHLIGHT_INITIAL = 2,
    /// The line ends in another state, made in `*end` for the caller to free.
    RILL_HIGHLIGHT_CHANGED = 3,
} RillHighlightOutcome;

/// Highlights one line (`length` bytes, no line ending; any bytes) from state `from`.
///
/// Writes the line's tokens that are not `normal`, in order and disjoint, to `tokens` (at most
/// `capacity`: a line has at most `length` tokens) and their number to `*count`, and says where
/// the line ended (a new state only when it is neither `from` nor the initial state, so that an
/// ordinary line allocates nothing).
///
/// - Complexity: Source-highlight tries each of the language's rules at each token, so a line
///   costs up to (rules × tokens × length); callers bound the length.
RillHighlightOutcome rill_highlight_line(const RillHighlightLanguage *language, const RillHighlightState *from,
                                         const char *text, size_t length,
                                         RillHighlightToken *tokens, size_t capacity, size_t *count,
                                         RillHighlightState **end);

#ifdef __cplusplus
}
#endif

#endif
