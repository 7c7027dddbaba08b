import Link, { type LinkProps } from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';

/** A MUI link that navigates inside the app. */
export function AppLink({ to, ...props }: Omit<LinkProps, 'href' | 'component'> & { to: string }) {
  return <Link component={RouterLink} to={to} {...props} />;
}
