import { FileDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Card, CardHeader } from '#web/components/ui/card';
import { LoadError } from '#web/components/ui/load-error';
import { Loading } from '#web/components/ui/spinner';
import { type ReportName, type ReportQuery, useDownloadReport } from '../api/get-report';

export interface ReportCardProps {
  name: ReportName;
  title: string;
  description: string;
  query: ReportQuery;
  controls: ReactNode;
  state: { isPending: boolean; isError: boolean; error: Error | null; refetch: () => void };
  children: ReactNode;
}

/** A report panel: title, filters, CSV/PDF downloads, and its loading / error / body states. */
export function ReportCard({ name, title, description, query, controls, state, children }: ReportCardProps) {
  const download = useDownloadReport(name);
  return (
    <Card className="overflow-hidden">
      <CardHeader
        title={title}
        description={description}
        actions={(['csv', 'pdf'] as const).map((format) => (
          <Button
            key={format}
            variant="secondary"
            size="sm"
            loading={download.isPending && download.variables?.format === format}
            onClick={() => download.mutate({ format, query })}
            aria-label={`Export ${title} as ${format.toUpperCase()}`}
          >
            <FileDown aria-hidden="true" className="size-4" />
            {format.toUpperCase()}
          </Button>
        ))}
      />
      <div className="space-y-4 px-5 py-4">
        {controls}
        {download.isError && (
          <Alert variant="error" onDismiss={() => download.reset()}>
            Export failed: {download.error.message}
          </Alert>
        )}
        {state.isPending ? (
          <Loading label={`Loading ${title.toLowerCase()}...`} />
        ) : state.isError ? (
          <LoadError
            title="Failed to load report data"
            error={new Error(`Error: ${state.error?.message || 'Failed to load report data'}`)}
            onRetry={state.refetch}
          />
        ) : (
          children
        )}
      </div>
    </Card>
  );
}
