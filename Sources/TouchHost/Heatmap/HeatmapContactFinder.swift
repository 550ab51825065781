import Boards
import Firmware
import TouchCore

/// Finds contacts in the raw heatmaps a controller streams, with the firmware's own stages
/// (peaks, sub-node centroids, contact ids and debounce), so the host's contacts are the ones the
/// controller would have reported. Slices of one scan are gathered into a full grid first; the
/// deltas arrive baseline-subtracted, so the baseline stage is the controller's, not repeated here.
public struct HeatmapContactFinder {
    public let board: BoardDefinition
    private let settings: ScanSettings
    private let interpolator: CentroidInterpolator
    private let shapeMeter: ContactShapeMeter
    private let palmFilter: PalmFilter
    private var tracker: ContactTracker
    private var noiseGate: NoiseGate
    private var grid: CountGrid
    private var peaks = PeakList(filler: .placeholder)
    private var located = LocatedPeakList(filler: .placeholder)
    private var sequence: UInt16?
    private var rowsFilled = 0
    /// Scans whose grids never arrived whole (a slice lost to the link).
    public private(set) var incompleteScans = 0

    public init(board: BoardDefinition) {
        self.board = board
        settings = ScanSettings(board: board)
        interpolator = CentroidInterpolator(board: board)
        shapeMeter = ContactShapeMeter(board: board)
        palmFilter = PalmFilter(board: board)
        tracker = ContactTracker(board: board)
        noiseGate = NoiseGate(board: board, settings: settings)
        grid = CountGrid(columns: board.columns, rows: board.rows)
    }

    /// The board a device describes: its catalogue entry, or the default board's sensor
    /// characteristics on the device's own panel and grid. Nil when the device describes a grid
    /// the firmware's stages cannot hold (`BoardDefinition.isSupported`) or a panel of no size: the
    /// description is the device's word, and no word of a device may trap the host.
    public init?(for info: DeviceInfo) {
        let name = (0..<info.boardName.count).map { info.boardName[$0] }
        if let known = BoardCatalog.board(named: name), known.columns == Int(info.columns), known.rows == Int(info.rows) {
            self.init(board: known)
            return
        }
        var board = BoardCatalog.defaultBoard
        let size = info.panelSize
        board.panelWidth = size.x
        board.panelHeight = size.y
        board.columns = Int(info.columns)
        board.rows = Int(info.rows)
        board.maxCoordinateX = info.maxX
        board.maxCoordinateY = info.maxY
        board.maxContacts = Int(info.maxContacts)
        guard board.isSupported, info.panelWidth > 0, info.panelHeight > 0 else { return nil }
        self.init(board: board)
    }

    /// Heatmaps a second the controller sends at its report rate: it spaces them so that they fit
    /// the link beside the contact reports (the firmware's own `heatmapInterval`). The host's
    /// tracker runs at this rate, or its report timeout would end touches between heatmaps.
    public func heatmapRate(reportRate: Int) -> Int {
        var controller = TouchController(board: board, seed: 0)
        _ = controller.setReportRate(reportRate)
        let interval = controller.heatmapInterval
        return max(1, reportRate / max(1, interval))
    }

    /// Adds one slice; returns the scan's contacts, in millimetres at `time`, once its grid is whole.
    public mutating func add(_ slice: HeatmapSlice, at time: Microseconds) -> ContactFrame? {
        guard Int(slice.columns) == grid.columns, Int(slice.totalRows) == grid.rows else { return nil }
        if slice.sequence != sequence {
            if sequence != nil, rowsFilled < grid.rows { incompleteScans += 1 }
            sequence = slice.sequence
            rowsFilled = 0
        }
        // Slices come in row order; one out of place means one was lost, and the scan with it.
        guard Int(slice.firstRow) == rowsFilled else { return nil }
        for row in 0..<Int(slice.rowCount) {
            for column in 0..<grid.columns {
                grid[column, Int(slice.firstRow) + row] = slice[Int(slice.firstRow) + row, column]
            }
        }
        rowsFilled += Int(slice.rowCount)
        guard rowsFilled == grid.rows else { return nil }
        return contacts(sequence: UInt32(slice.sequence), at: time)
    }

    private mutating func contacts(sequence: UInt32, at time: Microseconds) -> ContactFrame {
        let noise = noiseGate.assess(deltas: grid, settings: settings)
        PeakDetector.findPeaks(in: grid, threshold: noise.peakThreshold, into: &peaks)
        located.removeAll()
        for i in peaks.indices {
            located.append(
                LocatedPeak(
                    position: interpolator.locate(peaks[i], in: grid), delta: peaks[i].delta,
                    shape: WireShape(shapeMeter.measure(peaks[i], in: grid))))
        }
        palmFilter.apply(peaks: &peaks, located: &located, in: grid)
        var result = ScanResult(timestamp: time, sequence: sequence)
        tracker.update(located, settings: settings, noise: noise, result: &result)
        var frame = result.contactFrame(on: board)
        // Heatmaps come every few scans: their sequence gaps are by design, not lost frames.
        frame.sequence = nil
        return frame
    }
}
