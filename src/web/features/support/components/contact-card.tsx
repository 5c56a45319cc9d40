import { Clock, Mail, Phone } from 'lucide-react';
import { Card, CardBody, CardHeader } from '#web/components/ui/card';
import { useT } from '#web/i18n/provider';

export interface ContactCardProps {
  /** `hours` is the English text; the card writes them in the reader's language (customer.help.hours). */
  contact: { phone: string; email: string; hours: string };
}

/** How to reach customer support directly. */
export function ContactCard({ contact }: ContactCardProps) {
  const t = useT();
  return (
    <Card>
      <CardHeader title={t('support.contact.title')} description={t('support.contact.lead')} />
      <CardBody>
        <dl className="space-y-3 text-sm">
          <div className="flex items-start gap-3">
            <Phone aria-hidden="true" className="mt-0.5 size-4 text-slate-400" />
            <dt className="sr-only">{t('support.contact.phone')}</dt>
            <dd>
              <a
                href={`tel:${contact.phone.replace(/\s/g, '')}`}
                className="font-medium text-slate-900 hover:underline"
              >
                {contact.phone}
              </a>
            </dd>
          </div>
          <div className="flex items-start gap-3">
            <Mail aria-hidden="true" className="mt-0.5 size-4 text-slate-400" />
            <dt className="sr-only">{t('auth.email')}</dt>
            <dd>
              <a href={`mailto:${contact.email}`} className="font-medium text-slate-900 hover:underline">
                {contact.email}
              </a>
            </dd>
          </div>
          <div className="flex items-start gap-3">
            <Clock aria-hidden="true" className="mt-0.5 size-4 text-slate-400" />
            <dt className="sr-only">{t('support.contact.hours')}</dt>
            <dd className="text-slate-700">{t('customer.help.hours')}</dd>
          </div>
        </dl>
      </CardBody>
    </Card>
  );
}
