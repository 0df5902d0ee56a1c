import { Box, Button, Group, Input } from '@mantine/core';
import { IconEraser } from '@tabler/icons-react';
import { useEffect, useId, useRef, type PointerEvent, type ReactNode } from 'react';

const HEIGHT = 160;

interface SignaturePadProps {
  /** the drawing as a PNG data URL after each stroke; null once cleared */
  onChange: (dataUrl: string | null) => void;
  error?: ReactNode;
  disabled?: boolean;
}

/**
 * A box to draw a signature in with a mouse, a finger or a pen. The drawing is exported at its CSS size
 * (a PNG of a few kilobytes), whatever the screen's pixel density.
 */
export function SignaturePad({ onChange, error, disabled = false }: SignaturePadProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const labelId = useId();
  const hintId = useId();
  const errorId = useId();

  // The canvas is drawn at the device's resolution so strokes stay sharp.
  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    const ratio = window.devicePixelRatio || 1;
    element.width = Math.round(element.clientWidth * ratio);
    element.height = Math.round(HEIGHT * ratio);
    context.scale(ratio, ratio);
    context.lineWidth = 2.5;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = '#1a1b1e';
  }, []);

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };

  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    if (disabled) return;
    const context = event.currentTarget.getContext('2d');
    if (!context) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drawing.current = true;
    const { x, y } = point(event);
    context.beginPath();
    context.moveTo(x, y);
    // A tap leaves a dot.
    context.lineTo(x + 0.1, y + 0.1);
    context.stroke();
  };

  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const context = event.currentTarget.getContext('2d');
    if (!context) return;
    const { x, y } = point(event);
    context.lineTo(x, y);
    context.stroke();
  };

  const end = () => {
    if (!drawing.current) return;
    drawing.current = false;
    const element = canvas.current;
    if (!element) return;
    const out = document.createElement('canvas');
    out.width = element.clientWidth;
    out.height = HEIGHT;
    const context = out.getContext('2d');
    if (!context) return;
    context.drawImage(element, 0, 0, out.width, out.height);
    onChange(out.toDataURL('image/png'));
  };

  const clear = () => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    context.save();
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, element.width, element.height);
    context.restore();
    onChange(null);
  };

  return (
    <Input.Wrapper
      label="Draw your signature"
      labelProps={{ id: labelId }}
      description="Use your mouse, finger or pen. If you cannot draw, type your signature instead."
      descriptionProps={{ id: hintId }}
      error={error}
      errorProps={{ id: errorId }}
      required
    >
      <Box
        mt={6}
        style={{
          border: `1px ${error ? 'solid var(--mantine-color-error)' : 'dashed var(--mantine-color-gray-5)'}`,
          borderRadius: 'var(--mantine-radius-sm)',
          background: 'var(--mantine-color-white)',
          touchAction: 'none',
        }}
      >
        <canvas
          ref={canvas}
          role="img"
          aria-labelledby={labelId}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          style={{
            display: 'block',
            width: '100%',
            height: HEIGHT,
            cursor: disabled ? 'default' : 'crosshair',
          }}
          onPointerDown={start}
          onPointerMove={move}
          onPointerUp={end}
          onPointerCancel={end}
        />
      </Box>
      <Group justify="flex-end" mt={4}>
        <Button
          size="compact-xs"
          variant="subtle"
          color="gray"
          leftSection={<IconEraser size={14} aria-hidden />}
          onClick={clear}
          disabled={disabled}
        >
          Clear
        </Button>
      </Group>
    </Input.Wrapper>
  );
}
