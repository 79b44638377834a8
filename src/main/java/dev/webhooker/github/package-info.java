/**
 * GitHub's REST API as one client ({@link dev.webhooker.github.GithubClient}): the calls the actions, the install flow
 * and sign-in make, on the application's one HTTP client.
 */
package dev.webhooker.github;
