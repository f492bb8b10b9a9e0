import { QueryClientProvider } from '@tanstack/react-query';
import { Link, Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { ChangePasswordDialog } from '../../../features/auth/change-password-dialog';
import { EndOtherSessionsDialog } from '../../../features/auth/end-other-sessions-dialog';
import { queryClient } from '../../../lib/query';
import { clearSession, getSession, isAdmin, isStaff, needsTotpSetup } from '../../../lib/session';
import { DropdownMenu } from './menu';

/** On a narrow screen (CSS: under 900 px) the menu is folded into one "Menu" button. */
function usePhoneMenu() {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const bar = useRef<HTMLElement>(null);
  const pathname = useLocation({ select: (l) => l.pathname });
  // A followed link closes it (the new page has the focus; nothing to give back).
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on a new path only
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    // Opened: the focus goes to its first entry.
    panel.current?.querySelector<HTMLElement>('a, button')?.focus();
    const close = () => {
      setOpen(false);
      toggle.current?.focus();
    };
    const onKey = (e: KeyboardEvent) => {
      // A dropdown inside handled this Escape itself (it closed, the menu stays).
      if (e.key === 'Escape' && !e.defaultPrevented) close();
    };
    const onDown = (e: MouseEvent) => {
      if (!bar.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onDown);
    };
  }, [open]);
  return { open, setOpen, toggle, panel, bar };
}

/** Once `open` goes from true to false, `focus` runs (after the dialog's own effects: a child's run first). */
function useFocusBackOnClose(open: boolean, focus: () => void) {
  const wasOpen = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on open/close only
  useEffect(() => {
    if (open) {
      wasOpen.current = true;
      return;
    }
    if (!wasOpen.current) return;
    wasOpen.current = false;
    focus();
  }, [open]);
}

/**
 * The admin frame: a role-aware menu (spec §2) and the user menu with Two-step sign-in, Change
 * Password, Sign out everywhere else and Logout.
 */
export function AdminLayout() {
  const navigate = useNavigate();
  const session = getSession();
  const [changing, setChanging] = useState(false);
  const [endingOthers, setEndingOthers] = useState(false);
  const menu = usePhoneMenu();
  const userMenu = useRef<HTMLDivElement>(null);
  // A dialog opened from the user menu gives the focus back to the menu's button when it closes
  // (the entry that opened it went with the closed dropdown); on a phone whose menu folded
  // meanwhile, to the Menu button.
  const backToUserMenu = () => {
    const button = userMenu.current?.querySelector('button');
    (button?.offsetParent ? button : menu.toggle.current)?.focus();
  };
  useFocusBackOnClose(changing, backToUserMenu);
  useFocusBackOnClose(endingOthers, backToUserMenu);
  const role = session?.roleName;
  // Until REQUIRE_TOTP's set-up is done the server refuses the rest: the menu offers none of it.
  const held = needsTotpSetup(session);
  const staff = isStaff(session) && !held;
  const admin = isAdmin(session) && !held;
  const current = { 'aria-current': 'page' } as const;

  function logout() {
    clearSession();
    // The next user must not see this one's cached data.
    queryClient.clear();
    navigate({ to: '/admin/login' });
  }

  return (
    <QueryClientProvider client={queryClient}>
      <div className="admin">
        <header className="admin-bar" ref={menu.bar}>
          <Link to="/admin/dashboard" className="brand">
            <img src="/favicon.svg" alt="" width="28" height="28" /> Scentry
          </Link>
          {/* Outside the folded menu: a Client Admin sees whose back office this is on a phone too. */}
          {role === 'Client Admin' && session?.organizationName && (
            <span className="welcome">Welcome, {session.organizationName}</span>
          )}
          <button
            ref={menu.toggle}
            type="button"
            className="admin-menu-toggle"
            aria-expanded={menu.open}
            aria-controls="admin-menu"
            onClick={() => menu.setOpen((o) => !o)}
          >
            <span className="admin-menu-icon" aria-hidden="true" />
            Menu
          </button>
          <div id="admin-menu" ref={menu.panel} className={menu.open ? 'admin-menu admin-menu-open' : 'admin-menu'}>
            <nav aria-label="Main" className="admin-nav">
              {staff && (
                <Link to="/admin/dashboard" className="nav-link" activeProps={current}>
                  Dashboard
                </Link>
              )}
              {admin && (
                <Link to="/admin/testKit" className="nav-link" activeProps={current}>
                  Play Kits
                </Link>
              )}
              {staff && (
                <Link to="/admin/testresult" className="nav-link" activeProps={current}>
                  Play Results
                </Link>
              )}
              {staff && (
                <Link to="/admin/devices" className="nav-link" activeProps={current}>
                  Devices
                </Link>
              )}
              {staff && (
                <Link to="/admin/integrations" className="nav-link" activeProps={current}>
                  Integrations
                </Link>
              )}
              {staff && (
                <DropdownMenu label="Reports">
                  <Link to="/admin/Reports/passFailData" className="dropdown-item">
                    Pass/Fail Data
                  </Link>
                  <Link to="/admin/Reports/dataLocation" className="dropdown-item">
                    Data Location
                  </Link>
                  <Link to="/admin/Reports/locationData" className="dropdown-item">
                    Location Map
                  </Link>
                  <Link to="/admin/Reports/kitInsights" className="dropdown-item">
                    Kit Insights
                  </Link>
                </DropdownMenu>
              )}
              {admin && (
                <DropdownMenu label="Masters">
                  <Link to="/admin/user" className="dropdown-item">
                    Users
                  </Link>
                  <Link to="/admin/client" className="dropdown-item">
                    Client
                  </Link>
                  <Link to="/admin/scentCardData" className="dropdown-item">
                    Scent Options
                  </Link>
                  <Link to="/admin/audit" className="dropdown-item">
                    Audit log
                  </Link>
                </DropdownMenu>
              )}
            </nav>
            <div className="admin-user" ref={userMenu}>
              <DropdownMenu
                label={`${session?.firstName ?? ''} ${session?.lastName ?? ''}`.trim() || 'Account'}
                align="right"
              >
                <Link to="/admin/two-step" className="dropdown-item">
                  Two-step sign-in
                </Link>
                <button type="button" className="dropdown-item" onClick={() => setChanging(true)}>
                  Change Password
                </button>
                <button type="button" className="dropdown-item" onClick={() => setEndingOthers(true)}>
                  Sign out everywhere else
                </button>
                <button type="button" className="dropdown-item" onClick={logout}>
                  Logout
                </button>
              </DropdownMenu>
            </div>
          </div>
        </header>
        <main className="admin-main">
          <Outlet />
        </main>
        <ChangePasswordDialog open={changing} onClose={() => setChanging(false)} />
        <EndOtherSessionsDialog open={endingOthers} onClose={() => setEndingOthers(false)} />
      </div>
    </QueryClientProvider>
  );
}
