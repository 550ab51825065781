/// Identities for contacts without a controller id, as mtdev infers them: between one report and
/// the next, the pairing of touches and contacts with the least total squared distance, where a
/// pair further apart than the gate may not pair at all.
extension SlotTracker {
    mutating func matchAnonymous(
        _ contactList: Span<ReportedContact>, at now: Microseconds,
        endings: inout TouchFrame.Touches, newcomers: inout InlineList<20, Int>
    ) {
        var contactIndices = InlineList<20, Int>(filler: 0)
        for index in contactList.indices where contactList[index].controllerId == nil {
            contactIndices.append(index)
        }
        guard !contactIndices.isEmpty else { return }
        var touchSlots = InlineList<20, Int>(filler: 0)
        var live = liveSlots
        while let slot = live.removeFirst() {
            guard slots[slot].controllerId == nil && !slots[slot].seen else { continue }
            touchSlots.append(slot)
        }

        var costs = AnonymousCosts()
        for row in touchSlots.indices {
            let slot = touchSlots[row]
            costs.predicted.append(slots[slot].predictedPosition(at: now))
            costs.gates.append(gate(configuration.anonymousGate, after: max(now - slots[slot].lastSeen, 0)))
        }
        for column in contactIndices.indices {
            costs.positions.append(contactList[contactIndices[column]].position)
        }
        // Nearly every report pairs each finger with its own nearest contact, found from the costs
        // as they are; only a contested report pays for the table Kuhn-Munkres reads over and over.
        let rows = touchSlots.count, columns = contactIndices.count
        let assignment: MinimumCostAssignment
        if let plain = MinimumCostAssignment(ownMinimaOf: rows, by: columns, costs: &costs) {
            assignment = plain
        } else {
            var matrix = AssignmentCostMatrix(rows: rows, columns: columns, costs: costs)
            assignment = MinimumCostAssignment(rows: rows, columns: columns, costs: &matrix)
        }

        var touchOfContact = InlineArray<20, Int>(repeating: -1)
        for row in touchSlots.indices {
            let column = assignment.columnOfRow[row]
            // The assignment pairs as many as it can; a pair beyond the gate is two strangers.
            if column >= 0 && costs.isWithinGate(row: row, column: column) {
                touchOfContact[column] = touchSlots[row]
            }
        }
        for column in contactIndices.indices {
            let contact = contactList[contactIndices[column]]
            let slot = touchOfContact[column]
            if slot >= 0 {
                if contact.state == .up {
                    endings.append(release(slot, phase: .ended, freedThisReport: true))
                } else {
                    slots[slot].update(with: contact, at: now)
                }
            } else if contact.state != .up {
                newcomers.append(contactIndices[column])
            }
        }
    }
}

/// Squared distances in hundredths of a square millimetre (integers keep the assignment exact);
/// a pair beyond its gate costs more than any set of allowed pairs together, so the assignment
/// first pairs as many as the gates allow and then minimises the distance.
struct AnonymousCosts: AssignmentCosts {
    var predicted = InlineList<20, PanelPoint>(filler: .zero)
    var gates = InlineList<20, Float>(filler: 0)
    var positions = InlineList<20, PanelPoint>(filler: .zero)
    /// Above 20 allowed pairs even with gates widened to metres by a long silence.
    let forbidden: Int64 = 1_099_511_627_776

    func isWithinGate(row: Int, column: Int) -> Bool {
        Self.isWithinGate(predicted.elements[row].squaredDistance(to: positions.elements[column]), gate: gates.elements[row])
    }

    /// The gate on squared distances, so no pair costs a square root; the one test for both the
    /// costs and the pairs kept, so they always agree.
    static func isWithinGate(_ squaredDistance: Float, gate: Float) -> Bool {
        squaredDistance <= gate * gate
    }

    /// The most an allowed pair may cost: 20 of them stay below `forbidden`.
    var mostAllowed: Int64 { forbidden / 32 }

    mutating func cost(row: Int, column: Int) -> Int64 {
        // Read straight from the lists' storage: the assignment asks only for rows and columns
        // below the counts it was given, which are these lists' counts, and a span made per read
        // was a third of the tracker's instructions (a hundred reads a report with ten fingers).
        precondition(row < predicted.count && column < positions.count, "cost outside the assignment")
        return cost(
            from: predicted.storage[unchecked: row], to: positions.storage[unchecked: column],
            gate: gates.storage[unchecked: row])
    }

    /// The cost of a pair, for a caller that reads the lists in place (`AssignmentCostMatrix`).
    func cost(from predicted: PanelPoint, to position: PanelPoint, gate: Float) -> Int64 {
        let squared = predicted.squaredDistance(to: position)
        guard Self.isWithinGate(squared, gate: gate) else { return forbidden }
        // Positions come from untrusted input and a gate can be unbounded: a distance too large
        // (or not a number) to convert would trap, so it costs the most an allowed pair may.
        let scaled = squared * 100
        guard scaled < Float(mostAllowed) else { return mostAllowed }
        return Int64(scaled)
    }
}
