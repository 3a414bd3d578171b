@testable import Rill
import Testing

extension RillTests.Layout {
    /// Simple TeX rendered to Unicode, and the rest left as written.
    @Suite struct TeXUnicodeTests {}
}

extension RillTests.Layout.TeXUnicodeTests {
    @Test("Greek letters, operators, relations, scripts and fractions become Unicode", arguments: [
        ("\\alpha + \\beta", "α + β"), ("x^2 + y_i", "x² + yᵢ"), ("a \\times b \\leq c", "a × b ≤ c"),
        ("\\frac{a}{b}", "a/b"), ("\\frac{a+1}{2}", "(a+1)/2"), ("x^{10}", "x¹⁰"), ("\\sqrt{2}", "√2"),
        ("\\text{if} n \\geq 1", "if n ≥ 1"), ("\\sum_{i=1}^{n} i", "∑ᵢ₌₁ⁿ i"), ("\\left( x \\right)", "( x )"),
    ])
    func rendered(_ pair: (String, String)) {
        #expect(TeXUnicode.render(pair.0) == pair.1)
    }

    @Test("What has no unambiguous form is left exactly as written", arguments: [
        "e^{i\\pi}", "\\begin{pmatrix} a & b \\end{pmatrix}", "\\mathbb{R}", "x^", "\\frac{a}", "a \\\\ b", "x_{\\alpha}",
    ])
    func leftAsWritten(_ tex: String) {
        #expect(TeXUnicode.render(tex) == tex)
    }
}
