import TouchCore

/// A `TouchPlot` as a self-contained SVG in panel millimetres (y down, as on the panel): the
/// outline, one coloured path per touch labelled with its tracking id, and a marker with name and
/// time where each gesture happened; with a screen, marks also say their pixels. Elements carry classes and `data-` attributes so tools and
/// tests can find them.
public enum SVGPlot {
    static let palette = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2"]
    static let margin: Float = 12
    static let pixelsPerMillimetre: Float = 3

    public static func render(_ plot: TouchPlot, title: String) -> String {
        let width = plot.panel.width, height = plot.panel.height
        let legendHeight: Float = 10
        let viewWidth = width + 2 * margin, viewHeight = height + 2 * margin + legendHeight
        var svg = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(n(viewWidth * pixelsPerMillimetre))" \
            height="\(n(viewHeight * pixelsPerMillimetre))" viewBox="\(n(-margin)) \(n(-margin)) \(n(viewWidth)) \(n(viewHeight))" \
            font-family="sans-serif">
            <title>\(escape(title))</title>
            <style>.touch{fill:none;stroke-width:1.2;stroke-linecap:round;stroke-linejoin:round}\
            .touch-label{font-size:4px}.gesture circle{fill:#fff;stroke:#000;stroke-width:0.5}\
            .gesture text{font-size:3.2px;fill:#222}.panel{fill:#fafafa;stroke:#555;stroke-width:0.6}</style>
            <rect class="panel" x="0" y="0" width="\(n(width))" height="\(n(height))"/>

            """
        svg += "<text x=\"0\" y=\"\(n(-3))\" font-size=\"4px\">\(escape(title)) \u{2014} \(n(width)) x \(n(height)) mm, "
            + (plot.screen.map { "screen \($0.width) x \($0.height) px, " } ?? "")
            + "\(plot.strokes.count) touches, \(plot.marks.count) gesture events</text>\n"
        for (index, stroke) in plot.strokes.enumerated() {
            let colour = palette[index % palette.count]
            let first = stroke.points[0]
            var d = "M \(n(first.x)) \(n(first.y))"
            for point in stroke.points.dropFirst() { d += " L \(n(point.x)) \(n(point.y))" }
            if stroke.points.count == 1 { d += " l 0.01 0" }
            svg += "<g class=\"stroke\" data-id=\"\(stroke.trackingId)\">"
            svg += "<path class=\"touch\" data-id=\"\(stroke.trackingId)\" data-slot=\"\(stroke.slot)\"\(pixelData(stroke.screenStart)) "
                + "stroke=\"\(colour)\" d=\"\(d)\"/>"
            svg += "<circle cx=\"\(n(first.x))\" cy=\"\(n(first.y))\" r=\"1.2\" fill=\"\(colour)\"/>"
            svg += "<text class=\"touch-label\" x=\"\(n(first.x + 1.8))\" y=\"\(n(first.y - 1.8))\" fill=\"\(colour)\">#\(stroke.trackingId)</text>"
            svg += "</g>\n"
        }
        for (index, mark) in plot.marks.enumerated() {
            // Marks at one spot are stacked downwards so their labels stay readable.
            let stacked = plot.marks[..<index].filter { $0.location.distance(to: mark.location) < 4 }.count
            let label = "\(mark.name) \(mark.state) \(seconds(mark.time)) s" + (mark.details.isEmpty ? "" : " (\(mark.details))")
                + (mark.screen.map { " at px \(px($0.x)), \(px($0.y))" } ?? "")
            svg += "<g class=\"gesture\" data-name=\"\(escape(mark.name))\" data-state=\"\(mark.state)\" "
                + "data-x=\"\(n(mark.location.x))\" data-y=\"\(n(mark.location.y))\"\(pixelData(mark.screen)) data-time=\"\(seconds(mark.time))\">"
            svg += "<circle cx=\"\(n(mark.location.x))\" cy=\"\(n(mark.location.y))\" r=\"1.6\"/>"
            svg += "<text x=\"\(n(mark.location.x + 2.5))\" y=\"\(n(mark.location.y + 4 + Float(stacked) * 4))\">\(escape(label))</text>"
            svg += "</g>\n"
        }
        svg += "<text x=\"0\" y=\"\(n(height + 8))\" font-size=\"3.5px\" fill=\"#555\">"
            + "touch paths: dot = touch-down, #N = tracking id; circles = gestures (name, state, time)</text>\n"
        svg += "</svg>\n"
        return svg
    }

    static func n(_ value: Float) -> String { DecimalText.format(value, places: 2) }

    static func px(_ value: Double) -> String { DecimalText.format(value, places: 1) }

    /// ` data-sx="960.0" data-sy="540.0"` for a place on the screen; nothing without a screen.
    static func pixelData(_ point: ScreenPoint?) -> String {
        guard let point else { return "" }
        return " data-sx=\"\(px(point.x))\" data-sy=\"\(px(point.y))\""
    }

    static func seconds(_ time: Microseconds) -> String { DecimalText.fixed(Double(time) / 1_000_000, places: 3) }

    /// XML's special characters as entities; control characters (which XML 1.0 forbids) as `DisplayText` escapes.
    static func escape(_ text: String) -> String {
        var out = ""
        for character in DisplayText.escaped(text) {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
