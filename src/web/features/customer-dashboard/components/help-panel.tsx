import { BookOpen, Clock, Mail, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardBody, CardHeader } from '#web/components/ui/card';
import { useT } from '#web/i18n/provider';
import { paths } from '#web/lib/paths';

export interface SupportContact {
  phone: string;
  email: string;
  hours: string;
}

/** Where to read how ordering works and how to reach support. */
export function HelpPanel({ contact }: { contact: SupportContact }) {
  const t = useT();
  return (
    <Card>
      <CardHeader title={t('customer.help.title')} />
      <CardBody className="space-y-3 text-sm text-slate-700">
        <Link
          to={paths.customer.guidelines}
          className="flex items-center gap-2 font-medium text-indigo-700 hover:underline"
        >
          <BookOpen aria-hidden="true" className="size-4" />
          {t('customer.help.guidelines')}
        </Link>
        <p className="flex items-center gap-2">
          <Phone aria-hidden="true" className="size-4 text-slate-400" />
          <a href={`tel:${contact.phone.replace(/\s/g, '')}`} className="hover:underline">
            {contact.phone}
          </a>
        </p>
        <p className="flex items-center gap-2">
          <Mail aria-hidden="true" className="size-4 text-slate-400" />
          <a href={`mailto:${contact.email}`} className="hover:underline">
            {contact.email}
          </a>
        </p>
        <p className="flex items-center gap-2">
          <Clock aria-hidden="true" className="size-4 text-slate-400" />
          {t('customer.help.hours')}
        </p>
      </CardBody>
    </Card>
  );
}
