import { LogOut, Menu, Search } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '#web/components/ui/button';
import { paths } from '../paths';
import { useSession } from '../session';

export function TopBar({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { user, logout } = useSession();
  const navigate = useNavigate();

  function handleLogout() {
    logout();
    navigate(paths.login, { replace: true });
  }

  return (
    <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/90 px-4 backdrop-blur sm:px-6">
      <button
        type="button"
        onClick={onOpenMenu}
        aria-label="Open menu"
        className="-ml-1 rounded-md p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 lg:hidden"
      >
        <Menu aria-hidden="true" className="size-5" />
      </button>
      {/* The search box is inert by design (portal-spec §2). */}
      <search className="max-w-md flex-1">
        <form className="relative" onSubmit={(event) => event.preventDefault()}>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          />
          <input
            type="search"
            aria-label="Search"
            placeholder="Search..."
            className="h-9 w-full rounded-lg border border-slate-200 bg-slate-50 pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-400 focus:border-indigo-500 focus:bg-white focus:ring-2 focus:ring-indigo-200 focus:outline-none"
          />
        </form>
      </search>
      <div className="ml-auto flex items-center gap-3">
        {user && (
          <div className="hidden text-right sm:block">
            <p className="max-w-56 truncate text-sm font-medium text-slate-900" title={user.email}>
              {user.email}
            </p>
            <p className="text-xs text-slate-500">{user.role}</p>
          </div>
        )}
        <Button variant="secondary" size="sm" onClick={handleLogout}>
          <LogOut aria-hidden="true" className="size-4" />
          Logout
        </Button>
      </div>
    </header>
  );
}
