// Finding and loading language definitions, once per process.
#include "Library.hpp"

#include <srchilite/formatter.h>
#include <srchilite/langdefmanager.h>
#include <srchilite/langmap.h>
#include <srchilite/regexrulefactory.h>
#include <srchilite/settings.h>

#include <fstream>
#include <map>
#include <memory>

namespace rill_highlight {

std::mutex &libraryLock() {
    static std::mutex lock;
    return lock;
}

namespace {

/// Source-highlight's element names and the kinds they are reported as.
const std::pair<const char *, uint32_t> elementKinds[] = {
    {"keyword", RILL_HIGHLIGHT_KEYWORD},
    {"type", RILL_HIGHLIGHT_TYPE}, {"classname", RILL_HIGHLIGHT_TYPE}, {"usertype", RILL_HIGHLIGHT_TYPE},
    {"selector", RILL_HIGHLIGHT_TYPE},
    {"string", RILL_HIGHLIGHT_STRING}, {"valquote", RILL_HIGHLIGHT_STRING}, {"value", RILL_HIGHLIGHT_STRING},
    {"specialchar", RILL_HIGHLIGHT_ESCAPE},
    {"regexp", RILL_HIGHLIGHT_REGEXP},
    {"comment", RILL_HIGHLIGHT_COMMENT},
    {"todo", RILL_HIGHLIGHT_TODO},
    {"number", RILL_HIGHLIGHT_NUMBER},
    {"function", RILL_HIGHLIGHT_FUNCTION}, {"predef_func", RILL_HIGHLIGHT_FUNCTION},
    {"preproc", RILL_HIGHLIGHT_PREPROC},
    {"symbol", RILL_HIGHLIGHT_SYMBOL}, {"cbracket", RILL_HIGHLIGHT_SYMBOL},
    {"variable", RILL_HIGHLIGHT_VARIABLE}, {"predef_var", RILL_HIGHLIGHT_VARIABLE},
    {"attribute", RILL_HIGHLIGHT_ATTRIBUTE}, {"property", RILL_HIGHLIGHT_ATTRIBUTE},
    {"key", RILL_HIGHLIGHT_ATTRIBUTE}, {"keyquote", RILL_HIGHLIGHT_ATTRIBUTE},
    {"label", RILL_HIGHLIGHT_LABEL}, {"atom", RILL_HIGHLIGHT_LABEL},
    {"oldfile", RILL_HIGHLIGHT_DELETED},
    {"newfile", RILL_HIGHLIGHT_INSERTED},
    {"difflines", RILL_HIGHLIGHT_HUNK},
    {"url", RILL_HIGHLIGHT_URL},
};

/// Records each piece of text it is given as a token of one kind, at the position the
/// highlighter passes (optimization, which would merge pieces, is off).
class TokenRecorder : public srchilite::Formatter {
  public:
    TokenRecorder(uint32_t element, RillHighlightLanguage &language) : element(element), language(language) {}

    void format(const std::string &text, const srchilite::FormatterParams *parameters) override {
        TokenSink *sink = language.sink;
        if (!sink || !parameters || parameters->start < 0 || text.empty() || sink->count == sink->capacity) return;
        size_t start = static_cast<size_t>(parameters->start);
        // Pieces come in order; one out of order or out of the line is dropped, not trusted.
        size_t previousEnd = sink->count == 0 ? 0
            : sink->tokens[sink->count - 1].start + sink->tokens[sink->count - 1].length;
        if (start < previousEnd || start > sink->length || text.size() > sink->length - start) return;
        sink->tokens[sink->count++] = RillHighlightToken{static_cast<uint32_t>(start),
                                                         static_cast<uint32_t>(text.size()), element};
    }

  private:
    uint32_t element;
    RillHighlightLanguage &language;
};

/// Formats `normal` text: nothing to record.
class Silent : public srchilite::Formatter {
  public:
    void format(const std::string &, const srchilite::FormatterParams *) override {}
};

bool holdsLangMap(const std::string &directory) {
    std::ifstream file(directory + "/lang.map");
    return file.good();
}

std::string findDataDirectory() {
    try {
        std::string reported = srchilite::Settings::retrieveDataDir();
        if (!reported.empty() && holdsLangMap(reported)) return reported;
        std::string builtIn = srchilite::Settings::getDefaultDataDir();
        if (!builtIn.empty() && holdsLangMap(builtIn)) return builtIn;
    } catch (...) {
    }
    return "/usr/share/source-highlight";
}

const std::string &dataDirectory() {
    static const std::string directory = findDataDirectory();
    return directory;
}

/// The language a name maps to, loaded; nullptr when there is none. Called with the lock held.
RillHighlightLanguage *load(const std::string &name) {
    static srchilite::LangMap languageMap(dataDirectory(), "lang.map");
    static srchilite::RegexRuleFactory ruleFactory;
    static srchilite::LangDefManager definitions(&ruleFactory);
    static std::map<std::string, std::unique_ptr<RillHighlightLanguage>> byFile;

    std::string file = languageMap.getMappedFileName(name);
    if (file.empty() || file == "nohilite.lang") return nullptr;
    auto found = byFile.find(file);
    if (found != byFile.end()) return found->second.get();
    srchilite::HighlightStatePtr mainState = definitions.getHighlightState(dataDirectory(), file);
    auto language = std::make_unique<RillHighlightLanguage>(file, mainState);
    RillHighlightLanguage *loaded = language.get();
    byFile[file] = std::move(language);
    return loaded;
}

}  // namespace
}  // namespace rill_highlight

using namespace rill_highlight;

RillHighlightLanguage::RillHighlightLanguage(const std::string &file, srchilite::HighlightStatePtr mainState)
    : file(file), mainState(mainState), formatters(srchilite::FormatterPtr(new Silent)), highlighter(mainState),
      stack(new srchilite::HighlightStateStack) {
    for (const auto &[name, element] : elementKinds) {
        formatters.addFormatter(name, srchilite::FormatterPtr(new TokenRecorder(element, *this)));
    }
    highlighter.setFormatterManager(&formatters);
    highlighter.setFormatterParams(&parameters);
    highlighter.setOptimize(false);
}

extern "C" const char *rill_highlight_data_directory(void) {
    std::lock_guard<std::mutex> guard(libraryLock());
    return dataDirectory().c_str();
}

extern "C" const RillHighlightLanguage *rill_highlight_language(const char *name) {
    if (!name) return nullptr;
    std::lock_guard<std::mutex> guard(libraryLock());
    // By the name asked for, failures included: a name is looked up and loaded at most once.
    static std::map<std::string, RillHighlightLanguage *> byName;
    try {
        auto found = byName.find(name);
        if (found != byName.end()) return found->second;
        RillHighlightLanguage *language = nullptr;
        try {
            language = load(name);
        } catch (...) {
            language = nullptr;
        }
        byName[name] = language;
        return language;
    } catch (...) {
        return nullptr;
    }
}

extern "C" const char *rill_highlight_language_file(const RillHighlightLanguage *language) {
    return language ? language->file.c_str() : "";
}
