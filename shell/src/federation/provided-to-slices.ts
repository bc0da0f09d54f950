/**
 * Shared modules the slices use and the shell's own code does not: loaded with the shell, so
 * a slice's page never waits for one of them after its own files have arrived.
 */
import '@nova/router';
import '@nova/store';
