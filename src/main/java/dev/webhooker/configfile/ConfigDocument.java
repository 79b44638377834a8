package dev.webhooker.configfile;

import java.util.List;

import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;

/** A parsed and validated config file: groups and routes in file order (the evaluation order). */
public record ConfigDocument(List<Group> groups, List<Route> routes) {

    public ConfigDocument {
        groups = List.copyOf(groups);
        routes = List.copyOf(routes);
    }
}
