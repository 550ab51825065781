/// Touches read where they lie: a frame's, a list's.
typealias TouchSpan = Span<TrackedTouch>

/// The built-in recognizers' hooks over the hook's touches in place, which the engine calls.
/// The public hooks take a `TouchSet`, 1 KiB inline: read through a borrowed parameter, every
/// element read copied all of it on the Cortex-M4 (docs/performance.md); the public hooks forward
/// here, so recognizers used on their own behave the same.
protocol InPlaceHooks {
    mutating func began(_ touches: HookTouches, context: inout RecognizerContext)
    mutating func moved(_ touches: HookTouches, context: inout RecognizerContext)
    mutating func ended(_ touches: HookTouches, context: inout RecognizerContext)
    mutating func cancelled(_ touches: HookTouches, context: inout RecognizerContext)
}

extension InPlaceHooks {
    /// As `GestureRecognizer.touchesCancelled`'s default.
    mutating func cancelled(_ touches: HookTouches, context: inout RecognizerContext) {
        context.state = context.currentState.isActive ? .cancelled : .failed
    }

    mutating func call(_ hook: TouchHook, _ touches: HookTouches, context: inout RecognizerContext) {
        switch hook {
        case .began: began(touches, context: &context)
        case .moved: moved(touches, context: &context)
        case .ended: ended(touches, context: &context)
        case .cancelled: cancelled(touches, context: &context)
        }
    }
}

