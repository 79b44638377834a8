package dev.webhooker.control;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import org.springframework.http.HttpStatus;

import dev.webhooker.queue.DeliveryReplays.TargetRef;

/**
 * Which targets a replay re-opens, or why it is refused: the failed and dead targets of the stored deliveries of
 * one delivery id that have ended undelivered (all of them, or the one named), in the groups where the caller
 * may replay. A delivered target is never chosen; naming one is a 409, as is a delivery still in flight. Past
 * FAILED_PAYLOAD_RETENTION the payload is gone and the answer is 410. No database here: the caller passes
 * what is stored and writes the result.
 */
final class ReplaySelection {

    /** A stored delivery of the id: its key, status, the endpoint's group (null: the global one), and whether its payload is kept. */
    record Stored(String key, String status, String endpointGroupId, boolean payloadKept, List<Row> targets) {

        /** The endpoint's group, {@code ""} for the global endpoint (like a route outside any group: super admins only). */
        String endpoint() {
            return endpointGroupId == null ? "" : endpointGroupId;
        }
    }

    /** One (route × target) of a stored delivery. */
    record Row(String groupId, String routeId, String targetId, String status) {

        boolean undelivered() {
            return "failed".equals(status) || "dead".equals(status);
        }
    }

    /** The caller's rights, by group id: {@code sees} decides 404 against 403. */
    record Caller(Predicate<String> sees, Predicate<String> mayReplay) {
    }

    /** The one target a replay may name; {@code groupId} only to tell two routes of the same id apart. */
    record Named(String groupId, String routeId, String targetId) {
    }

    private ReplaySelection() {
    }

    /** The targets to re-open by delivery key, in stored order; never empty: a replay with nothing to do is refused. */
    static Map<String, List<TargetRef>> choose(String deliveryId, List<Stored> stored, Caller caller, Named named) {
        // as in the delivery view: one the caller has no target of, that did not come in on their group's endpoint, is not there
        List<Stored> visible = stored.stream().filter(d -> d.targets().stream().anyMatch(t -> caller.sees().test(t.groupId()))
                || caller.sees().test(d.endpoint())).toList();
        if (visible.isEmpty()) {
            throw new AdminApiException(HttpStatus.NOT_FOUND, "Delivery not found", null);
        }
        return named == null ? all(deliveryId, visible, caller) : one(deliveryId, visible, caller, named);
    }

    private static Map<String, List<TargetRef>> one(String deliveryId, List<Stored> stored, Caller caller, Named named) {
        for (Stored delivery : stored) {
            for (Row row : delivery.targets()) {
                if (!row.routeId().equals(named.routeId()) || !row.targetId().equals(named.targetId())
                        || named.groupId() != null && !named.groupId().equals(row.groupId()) || !caller.sees().test(row.groupId())) {
                    continue;
                }
                if (!caller.mayReplay().test(row.groupId())) {
                    throw new AdminApiException(HttpStatus.FORBIDDEN, "Forbidden", "replaying needs the admin role in group " + row.groupId());
                }
                if ("delivered".equals(row.status())) {
                    throw new AdminApiException(HttpStatus.CONFLICT, "Already delivered", "target " + row.targetId() + " of route "
                            + row.routeId() + " was delivered; a replay never sends to a delivered target");
                }
                requireEnded(deliveryId, delivery);
                requirePayload(deliveryId, delivery);
                return Map.of(delivery.key(), List.of(new TargetRef(row.groupId(), row.routeId(), row.targetId())));
            }
        }
        throw new AdminApiException(HttpStatus.NOT_FOUND, "Target not found", "delivery " + deliveryId + " has no target "
                + named.targetId() + " of route " + named.routeId() + (named.groupId() == null ? "" : " in group " + named.groupId())
                + " that you can see");
    }

    /** Why a stored delivery gives nothing to replay, in the order of how much the answer tells the caller. */
    private enum Refusal { NOTHING_LEFT, FORBIDDEN, IN_PROGRESS, PAYLOAD_GONE }

    private static Map<String, List<TargetRef>> all(String deliveryId, List<Stored> stored, Caller caller) {
        Map<String, List<TargetRef>> chosen = new LinkedHashMap<>();
        Refusal refusal = null;
        Stored refused = null;
        for (Stored delivery : stored) {
            List<TargetRef> refs = new ArrayList<>();
            boolean forbidden = false;
            for (Row row : delivery.targets()) {
                if (!row.undelivered() || !caller.sees().test(row.groupId())) {
                    continue;
                }
                if (caller.mayReplay().test(row.groupId())) {
                    refs.add(new TargetRef(row.groupId(), row.routeId(), row.targetId()));
                } else {
                    forbidden = true;
                }
            }
            // ended before any target was planned (the payload could not be read, say): the endpoint's group decides
            boolean unplanned = delivery.targets().isEmpty() && caller.mayReplay().test(delivery.endpoint());
            Refusal why = refs.isEmpty() && !unplanned ? (forbidden ? Refusal.FORBIDDEN
                    : !ended(delivery) && !"delivered".equals(delivery.status()) ? Refusal.IN_PROGRESS : Refusal.NOTHING_LEFT)
                    : !ended(delivery) ? Refusal.IN_PROGRESS
                    : !delivery.payloadKept() ? Refusal.PAYLOAD_GONE : null;
            if (why == null) {
                chosen.put(delivery.key(), refs);
            } else if (refusal == null || why.compareTo(refusal) > 0) {
                refusal = why;
                refused = delivery;
            }
        }
        if (!chosen.isEmpty()) {
            return chosen;
        }
        throw switch (refusal) {
            case PAYLOAD_GONE -> payloadGone(deliveryId);
            case IN_PROGRESS -> inProgress(deliveryId, refused);
            case FORBIDDEN -> new AdminApiException(HttpStatus.FORBIDDEN, "Forbidden",
                    "replaying needs the admin role in the groups of the failed targets");
            case NOTHING_LEFT -> new AdminApiException(HttpStatus.CONFLICT, "Nothing to replay", "delivery " + deliveryId
                    + " has no failed or dead target that you can see; a replay never sends to a delivered target");
        };
    }

    private static void requireEnded(String deliveryId, Stored delivery) {
        if (!ended(delivery)) {
            throw inProgress(deliveryId, delivery);
        }
    }

    private static void requirePayload(String deliveryId, Stored delivery) {
        if (!delivery.payloadKept()) {
            throw payloadGone(deliveryId);
        }
    }

    private static boolean ended(Stored delivery) {
        return "failed".equals(delivery.status()) || "dead".equals(delivery.status());
    }

    private static AdminApiException inProgress(String deliveryId, Stored delivery) {
        return new AdminApiException(HttpStatus.CONFLICT, "Delivery in progress", "delivery " + deliveryId + " is "
                + delivery.status() + "; it can be replayed once it has ended failed or dead");
    }

    private static AdminApiException payloadGone(String deliveryId) {
        return new AdminApiException(HttpStatus.GONE, "Payload discarded", "the payload of delivery " + deliveryId
                + " was discarded after FAILED_PAYLOAD_RETENTION; it cannot be sent again");
    }
}
