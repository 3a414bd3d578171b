import Foundation

/// A small SVG line chart of frame cost against position, one panel per input, log-scaled cost.
enum Plot {
    static func svg(_ curves: [Curve]) -> String {
        let inputs = curves.map(\.input).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let panelWidth = 420.0, panelHeight = 220.0, margin = 50.0
        let columns = 2
        let rows = (inputs.count + columns - 1) / columns
        let width = Double(columns) * (panelWidth + margin) + margin
        let height = Double(rows) * (panelHeight + margin * 1.4) + margin
        let colors = ["rill": "#d6336c", "top-level re-parse": "#1c7ed6", "whole document": "#f08c00"]
        let all = curves.flatMap { $0.points.map { $0[1] } }.filter { $0 > 0 }
        let low = log10(max(all.min() ?? 1, 0.1)), high = log10(max(all.max() ?? 10, 1))
        var svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" font-family="sans-serif" font-size="11">
        <rect width="100%" height="100%" fill="white"/>
        <text x="\(margin)" y="20" font-size="14">Frame CPU (µs, log scale) against position in the document, 16-byte pieces</text>

        """
        for (index, input) in inputs.enumerated() {
            let x0 = margin + Double(index % columns) * (panelWidth + margin)
            let y0 = margin + Double(index / columns) * (panelHeight + margin * 1.4)
            svg += "<text x=\"\(x0)\" y=\"\(y0 - 6)\" font-size=\"12\">\(input)</text>\n"
            svg += "<rect x=\"\(x0)\" y=\"\(y0)\" width=\"\(panelWidth)\" height=\"\(panelHeight)\" fill=\"none\" stroke=\"#ccc\"/>\n"
            for decade in Int(low.rounded(.down))...Int(high.rounded(.up)) {
                let y = y0 + panelHeight * (1 - (Double(decade) - low) / max(high - low, 1))
                guard y >= y0 - 1, y <= y0 + panelHeight + 1 else { continue }
                svg += "<line x1=\"\(x0)\" x2=\"\(x0 + panelWidth)\" y1=\"\(y)\" y2=\"\(y)\" stroke=\"#eee\"/>"
                svg += "<text x=\"\(x0 - 4)\" y=\"\(y + 4)\" text-anchor=\"end\">\(format(pow(10, Double(decade))))</text>\n"
            }
            for curve in curves where curve.input == input {
                let points = curve.points.filter { $0[1] > 0 }.map { point -> String in
                    let x = x0 + point[0] * panelWidth
                    let y = y0 + panelHeight * (1 - (log10(point[1]) - low) / max(high - low, 1))
                    return String(format: "%.1f,%.1f", x, y)
                }
                let color = colors[curve.strategy] ?? "#555"
                svg += "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\" points=\"\(points.joined(separator: " "))\"/>\n"
            }
        }
        var legendX = margin
        for (name, color) in colors.sorted(by: { $0.key > $1.key }) {
            svg += "<rect x=\"\(legendX)\" y=\"\(height - 22)\" width=\"12\" height=\"12\" fill=\"\(color)\"/>"
            svg += "<text x=\"\(legendX + 16)\" y=\"\(height - 12)\">\(name)</text>\n"
            legendX += 160
        }
        return svg + "</svg>\n"
    }

    private static func format(_ value: Double) -> String {
        value >= 1000 ? "\(Int(value / 1000)) ms" : (value >= 1 ? "\(Int(value)) µs" : String(format: "%.1f µs", value))
    }
}
