import styled from '@emotion/styled';
import { Link, NavLink } from '@nova/router';
import { buttonLook, styledOnly, type ButtonLook } from './Button.tsx';

/** A link to a page of the site that looks like a Button. */
export const ButtonLink = styled(Link, styledOnly)<ButtonLook>(buttonLook);

/** A ButtonLink that marks the link to the page being shown (aria-current), as NavLink does. */
export const ButtonNavLink = styled(NavLink, styledOnly)<ButtonLook>(buttonLook);
