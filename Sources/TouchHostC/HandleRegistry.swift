import Glibc

/// What a handle stands for. The kind is the handle's tag: a context handle passed where an event
/// is expected is refused before anything is touched.
enum HandleKind: UInt8 {
    case context = 1
    case event = 2
    case customContext = 3

    var name: StaticString {
        switch self {
        case .context: "th_context"
        case .event: "th_event"
        case .customContext: "th_custom_context"
        }
    }
}

/// Every live handle the library has given out. Handles are tokens, not addresses: they come from
/// a counter that never repeats, so a released handle stays invalid even after its memory is
/// reused, and nothing the caller passes is ever dereferenced before it is found here.
final class HandleRegistry: @unchecked Sendable {
    static let shared = HandleRegistry()

    private struct Entry {
        var kind: HandleKind
        var object: AnyObject
        var owner: ThreadToken
    }

    private struct State {
        var entries: [UInt: Entry] = [:]
        /// Far from where malloc puts things, 16-aligned like a real pointer, never reused.
        var next: UInt = 0x5448_0000_0000
    }

    // A plain pthread mutex: the entries hold non-Sendable objects, which every call touches only
    // on its owner thread after the lookup.
    private var mutex = pthread_mutex_t()
    private var table = State()

    private init() { pthread_mutex_init(&mutex, nil) }

    private func locked<R>(_ body: (inout State) -> R) -> R {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return body(&table)
    }

    func register(_ object: AnyObject, kind: HandleKind, owner: ThreadToken) -> OpaquePointer {
        locked { state in
            state.next += 16
            state.entries[state.next] = Entry(kind: kind, object: object, owner: owner)
            return OpaquePointer(bitPattern: state.next)!
        }
    }

    func unregister(_ handle: OpaquePointer) {
        _ = locked { $0.entries.removeValue(forKey: UInt(bitPattern: handle)) }
    }

    /// Gives every handle `previous` owned to the calling thread.
    private func adopt(_ handle: OpaquePointer, from previous: ThreadToken) {
        let current = ThreadToken.current
        let adopted: [AnyObject] = locked { state in
            var objects: [AnyObject] = []
            for (key, entry) in state.entries where entry.owner == previous {
                state.entries[key]?.owner = current
                objects.append(entry.object)
            }
            return objects
        }
        for object in adopted { (object as? Context)?.owner = current }
    }

    /// The object behind a handle of the given kind, used from its owner thread (or from any
    /// thread once the owner has exited: that thread adopts it).
    func resolve<T: AnyObject>(_ handle: OpaquePointer?, as kind: HandleKind, _ type: T.Type) throws(CallError) -> T {
        guard let handle else { throw CallError(.invalidHandle, "\(kind.name) is NULL") }
        let entry = locked { $0.entries[UInt(bitPattern: handle)] }
        guard let entry else {
            throw CallError(.invalidHandle, "\(kind.name) \(handle) is not a live handle (released, or never one)")
        }
        guard entry.kind == kind, let object = entry.object as? T else {
            throw CallError(.invalidHandle, "\(handle) is a \(entry.kind.name), not a \(kind.name)")
        }
        guard entry.owner == ThreadToken.current else {
            guard entry.owner.hasEnded else {
                throw CallError(.wrongThread, "\(kind.name) \(handle) belongs to another thread")
            }
            // Its thread has exited: the calling thread adopts it (to destroy it, or to go on).
            adopt(handle, from: entry.owner)
            return object
        }
        return object
    }
}
