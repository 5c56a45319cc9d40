import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { Link } from 'react-router';
import { BrandLogo } from '#web/components/brand-logo';
import { useT } from '#web/i18n/provider';
import { roleName } from '#web/i18n/role-name';
import { useSession } from '#web/lib/session';
import type { PortalMeta } from '../nav';
import { SidebarNav } from './sidebar-nav';

interface SidebarContentProps {
  meta: PortalMeta;
  onNavigate?: () => void;
  /** The drawer shows who is signed in, as the header hides it on narrow screens. */
  showAccount?: boolean;
}

function SidebarContent({ meta, onNavigate, showAccount = false }: SidebarContentProps) {
  const { user } = useSession();
  const t = useT();
  const title = t(meta.title);
  return (
    <div className="flex h-full flex-col bg-slate-900">
      <div className="flex h-16 shrink-0 items-center px-5">
        {/* named by its visible text first (axe: label-content-name-mismatch), then where it leads */}
        <Link to={meta.home} onClick={onNavigate} className="rounded-lg">
          <BrandLogo inverted />
          <span className="sr-only">{t('layout.portalHome', { portal: title })}</span>
        </Link>
      </div>
      <nav
        aria-label={t('layout.portalMenu', { portal: title })}
        className="flex-1 overflow-y-auto px-3 py-4"
      >
        <p className="px-3 pb-2 text-xs font-semibold tracking-wider text-slate-400 uppercase">{title}</p>
        <SidebarNav items={meta.nav} home={meta.home} onNavigate={onNavigate} />
      </nav>
      {showAccount && user ? (
        <div className="border-t border-white/10 px-5 py-4">
          <p className="truncate text-sm font-medium text-white">{user.email}</p>
          <p className="text-xs text-slate-400">{roleName(t, user.role)}</p>
        </div>
      ) : (
        <p className="px-5 py-4 text-xs text-slate-400">{t('layout.sidebarFooter')}</p>
      )}
    </div>
  );
}

/** Fixed sidebar on large screens. */
export function DesktopSidebar({ meta }: { meta: PortalMeta }) {
  return (
    <aside className="hidden lg:fixed lg:inset-y-0 lg:left-0 lg:z-30 lg:block lg:w-64">
      <SidebarContent meta={meta} />
    </aside>
  );
}

export interface MobileSidebarProps {
  meta: PortalMeta;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The same menu in a drawer on narrow screens, opened from the header's menu button. */
export function MobileSidebar({ meta, open, onOpenChange }: MobileSidebarProps) {
  const t = useT();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/60 lg:hidden" />
        <Dialog.Content className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] shadow-xl focus:outline-none lg:hidden">
          <Dialog.Title className="sr-only">{t('layout.navigationMenu')}</Dialog.Title>
          <Dialog.Description className="sr-only">
            {t('layout.sectionsOf', { portal: t(meta.title) })}
          </Dialog.Description>
          <SidebarContent meta={meta} onNavigate={() => onOpenChange(false)} showAccount />
          <Dialog.Close
            aria-label={t('layout.closeMenu')}
            className="absolute top-4 right-3 rounded-md p-1.5 text-slate-300 hover:bg-white/10 hover:text-white"
          >
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
