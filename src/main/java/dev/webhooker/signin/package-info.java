/**
 * Sign-in with GitHub (OAuth with PKCE), sessions, bearer and API tokens, invites accepted at sign-in, and the links
 * between chat accounts and GitHub users.
 */
package dev.webhooker.signin;
