/**
 * What a slice may use of the router. The shell provides this module at runtime, from the
 * router it renders, so a slice's links and hooks work inside the shell's routes, and only
 * these exports of react-router travel with the shell. A slice that needs another export adds
 * it here (lint keeps slices from importing react-router-dom themselves).
 */
export { Link, NavLink, useParams } from 'react-router-dom';
export type { LinkProps, NavLinkProps } from 'react-router-dom';
