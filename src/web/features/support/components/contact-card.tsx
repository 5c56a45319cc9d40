import { Clock, Mail, Phone } from 'lucide-react';
import { Card, CardBody, CardHeader } from '#web/components/ui/card';

export interface ContactCardProps {
  contact: { phone: string; email: string; hours: string };
}

/** How to reach customer support directly. */
export function ContactCard({ contact }: ContactCardProps) {
  return (
    <Card>
      <CardHeader title="Contact us" description="For urgent delivery questions, call us." />
      <CardBody>
        <dl className="space-y-3 text-sm">
          <div className="flex items-start gap-3">
            <Phone aria-hidden="true" className="mt-0.5 size-4 text-slate-400" />
            <dt className="sr-only">Phone</dt>
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
            <dt className="sr-only">Email</dt>
            <dd>
              <a href={`mailto:${contact.email}`} className="font-medium text-slate-900 hover:underline">
                {contact.email}
              </a>
            </dd>
          </div>
          <div className="flex items-start gap-3">
            <Clock aria-hidden="true" className="mt-0.5 size-4 text-slate-400" />
            <dt className="sr-only">Hours</dt>
            <dd className="text-slate-700">{contact.hours}</dd>
          </div>
        </dl>
      </CardBody>
    </Card>
  );
}
