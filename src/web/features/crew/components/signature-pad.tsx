import { Eraser } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { MAX_SIGNATURE_CHARS } from '#shared/contract/crew';
import { Button } from '#web/components/ui/button';
import { useT } from '#web/i18n/provider';

export interface SignaturePadProps {
  /** The drawn signature as a PNG data URL, or null when the pad is empty. */
  onChange: (dataUrl: string | null) => void;
  label: string;
}

const HEIGHT = 160;

/** A signature drawn with a finger (or mouse, or pen) on a canvas, exported as a small PNG. */
export function SignaturePad({ onChange, label }: SignaturePadProps) {
  const t = useT();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [empty, setEmpty] = useState(true);

  const setup = useCallback(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    // at most 1.5 device pixels per CSS pixel: sharp enough, and the PNG stays far below 200 KB
    const scale = Math.min(window.devicePixelRatio || 1, 1.5);
    const width = canvas.clientWidth;
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(HEIGHT * scale);
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.scale(scale, scale);
    ctx.lineWidth = 2.2;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#0f172a';
  }, []);

  useEffect(() => {
    setup();
  }, [setup]);

  const point = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  const exportImage = () => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const url = canvas.toDataURL('image/png');
    onChange(url.length <= MAX_SIGNATURE_CHARS ? url : null);
  };

  return (
    <div>
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm font-medium text-slate-800">
          {label} <span className="font-normal text-slate-500">({t('crew.common.optional')})</span>
        </span>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          disabled={empty}
          onClick={() => {
            setup();
            setEmpty(true);
            onChange(null);
          }}
        >
          <Eraser aria-hidden="true" className="size-4" />
          {t('crew.confirm.clear')}
        </Button>
      </div>
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={
          empty ? t('crew.confirm.signatureEmpty', { label }) : t('crew.confirm.signatureDone', { label })
        }
        className="mt-1 block w-full touch-none rounded-lg border border-dashed border-slate-400 bg-white"
        style={{ height: HEIGHT }}
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          drawing.current = true;
          last.current = point(event);
          const ctx = event.currentTarget.getContext('2d');
          if (ctx && last.current) {
            ctx.beginPath();
            ctx.arc(last.current.x, last.current.y, 1.1, 0, Math.PI * 2);
            ctx.fillStyle = '#0f172a';
            ctx.fill();
          }
        }}
        onPointerMove={(event) => {
          if (!drawing.current || !last.current) return;
          const ctx = event.currentTarget.getContext('2d');
          const p = point(event);
          if (ctx) {
            ctx.beginPath();
            ctx.moveTo(last.current.x, last.current.y);
            ctx.lineTo(p.x, p.y);
            ctx.stroke();
          }
          last.current = p;
        }}
        onPointerUp={() => {
          if (!drawing.current) return;
          drawing.current = false;
          last.current = null;
          setEmpty(false);
          exportImage();
        }}
        onPointerCancel={() => {
          drawing.current = false;
          last.current = null;
        }}
      />
      {empty && <p className="mt-1 text-xs text-slate-500">{t('crew.confirm.signHint')}</p>}
    </div>
  );
}
