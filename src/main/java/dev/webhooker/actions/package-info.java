/**
 * Acting on GitHub as a user (comment, edit, delete, merge, close, react): links to issues, pull requests
 * and comments found in text, the calls made with the user's own stored token, the mapping of GitHub's
 * answers to a small set of {@link dev.webhooker.actions.ActionError}s, a per-user rate limit and an
 * audit entry for every write. The actions API ({@code /api/*}) and the chat commands both go through
 * {@link dev.webhooker.actions.GithubActions}.
 */
package dev.webhooker.actions;
