/**
 * Groups, routes, filters and targets, the configuration snapshot in force, and the selector that matches an event
 * against a group's routes. Plain Java: no Spring, no Camel.
 */
package dev.webhooker.routing;
