/**
 * Discord: the embed renderer and its limits, the REST client (buckets, global limit, nonces), and the
 * {@code discord:} Camel component ({@code discord:createMessage}, {@code discord:editMessage},
 * {@code discord:startThread}) the delivery route sends through.
 */
package dev.webhooker.platform.discord;
