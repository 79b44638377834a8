/**
 * The dry run: a sample or pasted webhook through verification, normalisation, routing and formatting, with nothing
 * stored or sent; which routes fire, with previews, and why each other route does not.
 */
package dev.webhooker.dryrun;
