/// When the best template is no answer: a rule learnt from the examples' own spread rather than one
/// fixed score. A class whose examples lie close together (a person who draws a gesture the same way
/// each time) accepts only strokes as close; one drawn loosely accepts looser strokes.
///
/// A class's spread is the mean distance from each of its examples to the nearest other example of
/// the class, pulled toward `priorSpread` as if that prior were `priorWeight` examples more (with
/// one example there is no spread to see, and the prior alone decides). A match scores
/// spread / (spread + distance): 1 for a perfect match, 1/2 when the stroke lies as far from its
/// nearest example as the class's examples lie from each other. Chosen leave-one-subject-out on
/// the $1 study's strokes (docs/strokes.md, `scripts/template-protocol`).
public enum TemplateRejection {
    /// The spread assumed for a class before its examples show one (distance units of
    /// `UnistrokeShape.distance`): 0.5 on every held-out subject but s06 (0.55).
    public static let priorSpread: Float = 0.5
    /// How many examples' worth the prior counts for: 8 on every held-out subject.
    public static let priorWeight: Float = 8
    /// The score a match needs by default. `scripts/template-protocol`'s rule chooses 0.345-0.36 on all
    /// five subjects and 0.355-0.36 on four at a time; the default keeps the low end, where the
    /// one-example accuracy goal has its margin (docs/strokes.md).
    public static let defaultMinimumScore: Float = 0.345
    /// A stroke whose bounding box is smaller than this on its longer side (mm) is a tap's wobble,
    /// no template: the touch slop (docs/gestures.md).
    public static let minimumExtent: Float = 4.8

    /// The spread of a class from the sum of its examples' nearest-neighbour distances and their count.
    public static func spread(nearestDistanceSum: Float, examples: Int) -> Float {
        guard examples > 1 else { return priorSpread }
        return (priorWeight * priorSpread + nearestDistanceSum) / (priorWeight + Float(examples))
    }

    public static func score(distance: Float, spread: Float) -> Float {
        spread / (spread + max(distance, 0))
    }
}
