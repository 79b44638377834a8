/**
 * The admin console at {@code /admin}: the page every screen path answers with (static ES modules, no build step),
 * or the sign-in screen without a session. The console is a client of the public admin API only.
 */
package dev.webhooker.console;
