/**
 * The markdown of neutral messages, parsed once into nodes that each platform renders in its own syntax, with text
 * measured the way the platforms count it.
 */
package dev.webhooker.platform.markup;
