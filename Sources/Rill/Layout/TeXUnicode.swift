/// Renders simple TeX as Unicode where the reading is unambiguous (Greek letters, common
/// operators and relations, `^2`, `_i`, `\frac{a}{b}` as `a/b`, `\sqrt{x}` as `√x`, `\text{…}`)
/// and leaves everything else exactly as written.
enum TeXUnicode {
    /// Deepest nesting of converted arguments (`\frac` inside `\frac` …); deeper is left as written.
    static let maxDepth = 8

    /// `tex` with what has an unambiguous Unicode form rendered so.
    ///
    /// - Complexity: O(n · d) in the length of `tex` and its nesting of converted arguments.
    static func render(_ tex: String) -> String {
        render(Array(tex.unicodeScalars)[...], depth: 0)
    }

    private static func render(_ tex: ArraySlice<Unicode.Scalar>, depth: Int) -> String {
        var out = String.UnicodeScalarView()
        var rest = tex
        while let scalar = rest.first {
            let start = rest.startIndex
            rest = rest.dropFirst()
            switch scalar {
            case "\\":
                if let rendered = command(&rest, depth: depth) {
                    out += rendered.unicodeScalars
                } else {
                    out += tex[start..<rest.startIndex]
                }
            case "^", "_":
                let table = scalar == "^" ? superscripts : subscripts
                if let argument = argument(&rest), depth < maxDepth,
                   let shifted = shift(render(argument, depth: depth + 1), table) {
                    out += shifted.unicodeScalars
                } else {
                    out += tex[start..<rest.startIndex]
                }
            default:
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// A command after its backslash, consumed from `rest` when it has a rendering; `rest` is
    /// left past what was read either way (the caller copies that as written when nil).
    private static func command(_ rest: inout ArraySlice<Unicode.Scalar>, depth: Int) -> String? {
        guard let first = rest.first else { return nil }
        guard first.properties.isAlphabetic, first.isASCII else {
            rest = rest.dropFirst()
            return spacing[first] ?? (["{", "}", "%", "$", "&", "#", "_"].contains(first) ? String(first) : nil)
        }
        var name = ""
        while let next = rest.first, next.isASCII, next.properties.isAlphabetic {
            name.unicodeScalars.append(next)
            rest = rest.dropFirst()
        }
        if let symbol = symbols[name] { return symbol }
        if name == "left" || name == "right" { return "" }
        guard depth < maxDepth else { return nil }
        switch name {
        case "frac", "dfrac", "tfrac":
            guard let numerator = group(&rest), let denominator = group(&rest) else { return nil }
            return operand(render(numerator, depth: depth + 1)) + "/" + operand(render(denominator, depth: depth + 1))
        case "sqrt":
            guard let radicand = group(&rest) else { return nil }
            return "√" + operand(render(radicand, depth: depth + 1))
        case "text", "textrm", "mathrm", "mathit", "mathbf", "textbf", "operatorname", "mathsf":
            guard let content = group(&rest) else { return nil }
            return render(content, depth: depth + 1)
        default:
            return nil
        }
    }

    /// A fraction's part or a radicand: bare when it is one symbol or a run of letters and
    /// digits, in parentheses otherwise.
    private static func operand(_ text: String) -> String {
        let isAtom = text.unicodeScalars.count == 1
            || text.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "." }
        return isAtom ? text : "(" + text + ")"
    }

    /// The `{…}` group at the start of `rest` (after spaces), without its braces.
    private static func group(_ rest: inout ArraySlice<Unicode.Scalar>) -> ArraySlice<Unicode.Scalar>? {
        var scan = rest
        while scan.first == " " { scan = scan.dropFirst() }
        guard scan.first == "{" else { return nil }
        var level = 0
        var index = scan.startIndex
        while index < scan.endIndex {
            switch scan[index] {
            case "\\": index += 1
            case "{": level += 1
            case "}":
                level -= 1
                if level == 0 {
                    rest = scan[(index + 1)...]
                    return scan[(scan.startIndex + 1)..<index]
                }
            default: break
            }
            index += 1
        }
        return nil
    }

    /// The argument of `^` or `_`: a group, or one letter or digit.
    private static func argument(_ rest: inout ArraySlice<Unicode.Scalar>) -> ArraySlice<Unicode.Scalar>? {
        if rest.first == "{" { return group(&rest) }
        guard let first = rest.first, first.properties.isAlphabetic || ("0"..."9").contains(first) || first == "+" || first == "-" else { return nil }
        rest = rest.dropFirst()
        return [first][...]
    }

    /// `text` in super- or subscript characters, when every character has one.
    private static func shift(_ text: String, _ table: [Unicode.Scalar: Unicode.Scalar]) -> String? {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard let shifted = table[scalar] else { return nil }
            out.append(shifted)
        }
        return out.isEmpty ? nil : String(out)
    }

    /// Unicode superscript forms of the characters that have one.
    static let superscripts: [Unicode.Scalar: Unicode.Scalar] = table(
        "0123456789+-=()abcdefghijklmnoprstuvwxyzABDEGHIJKLMNOPRTUVW",
        "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻᴬᴮᴰᴱᴳᴴᴵᴶᴷᴸᴹᴺᴼᴾᴿᵀᵁⱽᵂ")
    /// Unicode subscript forms of the characters that have one.
    static let subscripts: [Unicode.Scalar: Unicode.Scalar] = table(
        "0123456789+-=()aehijklmnoprstuvx", "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓ")

    private static func table(_ from: String, _ to: String) -> [Unicode.Scalar: Unicode.Scalar] {
        Dictionary(uniqueKeysWithValues: zip(from.unicodeScalars, to.unicodeScalars))
    }

    /// Spacing commands (`\,` `\;` `\:` `\ ` as a space, `\!` as nothing).
    private static let spacing: [Unicode.Scalar: String] = [",": " ", ";": " ", ":": " ", " ": " ", "!": ""]

    /// Commands that stand for one symbol.
    static let symbols: [String: String] = [
        "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ϵ", "varepsilon": "ε", "zeta": "ζ",
        "eta": "η", "theta": "θ", "vartheta": "ϑ", "iota": "ι", "kappa": "κ", "lambda": "λ", "mu": "μ",
        "nu": "ν", "xi": "ξ", "pi": "π", "varpi": "ϖ", "rho": "ρ", "varrho": "ϱ", "sigma": "σ",
        "varsigma": "ς", "tau": "τ", "upsilon": "υ", "phi": "ϕ", "varphi": "φ", "chi": "χ", "psi": "ψ",
        "omega": "ω", "Gamma": "Γ", "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ", "Xi": "Ξ", "Pi": "Π",
        "Sigma": "Σ", "Upsilon": "Υ", "Phi": "Φ", "Psi": "Ψ", "Omega": "Ω",
        "times": "×", "cdot": "·", "div": "÷", "pm": "±", "mp": "∓", "ast": "∗", "star": "⋆", "circ": "∘",
        "leq": "≤", "le": "≤", "geq": "≥", "ge": "≥", "neq": "≠", "ne": "≠", "approx": "≈", "equiv": "≡",
        "sim": "∼", "simeq": "≃", "cong": "≅", "propto": "∝", "ll": "≪", "gg": "≫",
        "infty": "∞", "partial": "∂", "nabla": "∇", "sum": "∑", "prod": "∏", "int": "∫", "oint": "∮",
        "to": "→", "rightarrow": "→", "leftarrow": "←", "gets": "←", "leftrightarrow": "↔",
        "Rightarrow": "⇒", "Leftarrow": "⇐", "Leftrightarrow": "⇔", "implies": "⟹", "iff": "⟺", "mapsto": "↦",
        "in": "∈", "notin": "∉", "ni": "∋", "subset": "⊂", "subseteq": "⊆", "supset": "⊃", "supseteq": "⊇",
        "cup": "∪", "cap": "∩", "emptyset": "∅", "varnothing": "∅", "forall": "∀", "exists": "∃",
        "neg": "¬", "lnot": "¬", "land": "∧", "wedge": "∧", "lor": "∨", "vee": "∨", "oplus": "⊕", "otimes": "⊗",
        "ldots": "…", "dots": "…", "cdots": "⋯", "vdots": "⋮", "ddots": "⋱",
        "angle": "∠", "perp": "⊥", "parallel": "∥", "mid": "∣", "hbar": "ℏ", "ell": "ℓ", "Re": "ℜ", "Im": "ℑ",
        "langle": "⟨", "rangle": "⟩", "lfloor": "⌊", "rfloor": "⌋", "lceil": "⌈", "rceil": "⌉",
        "quad": "  ", "qquad": "    ", "degree": "°",
    ]
}
