import { theme } from 'antd';
import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import type { CardPage, Region } from '../card-types.ts';
import { draggedPieceHeight, heightAfterDrag, MAX_BOX_HEIGHT_MM, MIN_BOX_HEIGHT_MM, pxPerMm } from '../page-scale.ts';

export interface CardPageViewProps {
  page: CardPage;
  /** Each answer box's whole height in mm (the template's items), by box id. */
  boxHeights: Readonly<Record<string, number>>;
  /** False for a read-only version: no handles. */
  editable: boolean;
  /** A handle was released (or Enter pressed) at a new height; the page is re-laid out by the server. */
  onResize: (boxId: string, heightMm: number) => void;
  /** The page's width on screen in px. */
  width: number;
}

interface Drag {
  boxId: string;
  startY: number;
  startHeight: number;
  scale: number;
  next: number;
}

/** Keyboard steps of a handle (↑/↓), in mm. */
const KEY_STEP_MM = 5;

/**
 * One page of a card, drawn from the template's own geometry (the SVG's user unit is the
 * millimetre, so nothing is converted but the drag). Each answer box has a handle on its bottom
 * edge: dragging it shows the new height at once; releasing it saves.
 */
export function CardPageView({ page, boxHeights, editable, onResize, width }: CardPageViewProps) {
  const { token } = theme.useToken();
  const svg = useRef<SVGSVGElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const [keyed, setKeyed] = useState<{ boxId: string; height: number } | null>(null);

  const pendingHeight = (boxId: string): number | undefined =>
    drag?.boxId === boxId ? drag.next : keyed?.boxId === boxId ? keyed.height : undefined;

  function begin(event: PointerEvent<SVGRectElement>, boxId: string) {
    const drawn = svg.current?.getBoundingClientRect().width ?? width;
    // The handle keeps the pointer while it is dragged, even past the page's edge.
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const startHeight = boxHeights[boxId] ?? MIN_BOX_HEIGHT_MM;
    setDrag({ boxId, startY: event.clientY, startHeight, scale: pxPerMm(drawn, page.width), next: startHeight });
  }
  function move(event: PointerEvent<SVGRectElement>) {
    if (!drag) return;
    const next = heightAfterDrag(drag.startHeight, event.clientY - drag.startY, drag.scale);
    if (next !== drag.next) setDrag({ ...drag, next });
  }
  function release() {
    if (!drag) return;
    setDrag(null);
    if (drag.next !== drag.startHeight) onResize(drag.boxId, drag.next);
  }
  function key(event: KeyboardEvent<SVGRectElement>, boxId: string) {
    const current = keyed?.boxId === boxId ? keyed.height : (boxHeights[boxId] ?? MIN_BOX_HEIGHT_MM);
    const step = event.key === 'ArrowUp' ? -KEY_STEP_MM : event.key === 'ArrowDown' ? KEY_STEP_MM : 0;
    if (step !== 0) {
      event.preventDefault();
      setKeyed({ boxId, height: Math.min(MAX_BOX_HEIGHT_MM, Math.max(MIN_BOX_HEIGHT_MM, current + step)) });
    } else if (event.key === 'Enter' && keyed?.boxId === boxId) {
      setKeyed(null);
      if (keyed.height !== boxHeights[boxId]) onResize(boxId, keyed.height);
    } else if (event.key === 'Escape') setKeyed(null);
  }

  const ink = token.colorText;
  const faint = token.colorTextTertiary;
  return (
    <svg
      ref={svg}
      viewBox={`0 0 ${page.width} ${page.height}`}
      width={width}
      height={(width * page.height) / page.width}
      role="img"
      aria-label={`第${page.number}页（第${page.sheet}张${page.side === 1 ? '正面' : '背面'}）`}
      data-testid={`card-page-${page.number}`}
      style={{ background: '#fff', boxShadow: token.boxShadowTertiary, display: 'block', touchAction: 'none' }}
      fontFamily="'Noto Serif CJK SC', 'Songti SC', SimSun, serif"
    >
      {page.regions.map((region, index) => (
        <RegionShape
          // Regions have no ids of their own; their order on a page is stable for one layout.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          region={region}
          ink={ink}
          faint={faint}
          pending={region.kind === 'answerBox' ? pendingHeight(region.boxId) : undefined}
          startHeight={region.kind === 'answerBox' ? boxHeights[region.boxId] : undefined}
        />
      ))}
      {editable
        ? page.regions.map((region) => {
            if (region.kind !== 'answerBox' || region.part !== region.parts) return null;
            const start = boxHeights[region.boxId] ?? region.rect.height;
            const pending = pendingHeight(region.boxId);
            const shown =
              pending === undefined ? region.rect.height : draggedPieceHeight(region.rect.height, start, pending);
            const y = region.rect.y + shown;
            return (
              <g key={`handle-${region.boxId}`}>
                <rect
                  x={region.rect.x + region.rect.width / 2 - 12}
                  y={y - 2}
                  width={24}
                  height={4}
                  rx={1.5}
                  fill={pending === undefined ? token.colorPrimary : token.colorWarning}
                  style={{ cursor: 'ns-resize' }}
                  role="slider"
                  tabIndex={0}
                  aria-label={`${region.label}答题框高度`}
                  aria-valuemin={MIN_BOX_HEIGHT_MM}
                  aria-valuemax={MAX_BOX_HEIGHT_MM}
                  aria-valuenow={pending ?? start}
                  aria-valuetext={`${pending ?? start} 毫米`}
                  data-testid={`box-handle-${region.boxId}`}
                  onPointerDown={(event) => begin(event, region.boxId)}
                  onPointerMove={move}
                  onPointerUp={release}
                  onPointerCancel={() => setDrag(null)}
                  onKeyDown={(event) => key(event, region.boxId)}
                  onBlur={() => setKeyed(null)}
                />
                {pending !== undefined ? (
                  <text
                    x={region.rect.x + region.rect.width / 2 + 14}
                    y={y + 1.2}
                    fontSize={3.5}
                    fill={token.colorWarning}
                  >
                    {pending} mm
                  </text>
                ) : null}
              </g>
            );
          })
        : null}
    </svg>
  );
}

interface RegionShapeProps {
  region: Region;
  ink: string;
  faint: string;
  pending: number | undefined;
  startHeight: number | undefined;
}

/** One region as the PDF prints it, simplified: frames, bubbles and labels at their mm positions. */
function RegionShape({ region, ink, faint, pending, startHeight }: RegionShapeProps) {
  const { x, y, width, height } = region.rect;
  const frame = { x, y, width, height, fill: 'none', stroke: ink, strokeWidth: 0.3 };
  switch (region.kind) {
    case 'locator':
      return <rect x={x} y={y} width={width} height={height} fill={ink} />;
    case 'pageCode':
      return (
        <g>
          <rect {...frame} strokeDasharray="1 1" />
          <text x={x + width / 2} y={y + height / 2 + 1} fontSize={3} textAnchor="middle" fill={faint}>
            页码码
          </text>
        </g>
      );
    case 'title':
      return (
        <text x={x + width / 2} y={y + height * 0.7} fontSize={5} textAnchor="middle" fill={ink}>
          {region.text}
        </text>
      );
    case 'studentInfo':
      return (
        <g>
          <rect {...frame} />
          <text x={x + 2} y={y + height / 2 + 1.2} fontSize={3.5} fill={ink}>
            {region.fields.map((field) => `${field}：`).join('        ')}
          </text>
        </g>
      );
    case 'notice':
      return (
        <g>
          <rect {...frame} />
          {region.lines.slice(0, 4).map((line, index) => (
            <text key={line} x={x + 2} y={y + 4 + index * 4} fontSize={2.6} fill={faint}>
              {line}
            </text>
          ))}
        </g>
      );
    case 'absent':
      return (
        <g>
          <rect {...frame} />
          <text x={x + 2} y={y + height / 2 + 1} fontSize={3} fill={ink}>
            缺考
          </text>
          <Bubble ellipse={region.bubble} stroke={faint} />
        </g>
      );
    case 'examNumberGrid':
      return (
        <g>
          <rect {...frame} />
          {region.bubbles.map((bubble) => (
            <Bubble
              key={`${bubble.digit}-${bubble.value}`}
              ellipse={bubble.ellipse}
              stroke={faint}
              label={String(bubble.value)}
            />
          ))}
        </g>
      );
    case 'barcode':
      return (
        <g>
          <rect {...frame} strokeDasharray="1.5 1" />
          <text x={x + width / 2} y={y + height / 2 + 1} fontSize={3} textAnchor="middle" fill={faint}>
            条形码粘贴区
          </text>
        </g>
      );
    case 'objectiveBlock':
      return (
        <g>
          <rect {...frame} stroke={faint} />
          {region.rows.map((row) => (
            <g key={row.number}>
              <text x={x + 1.5} y={(row.bubbles[0]?.ellipse.cy ?? y) + 1.1} fontSize={3} fill={ink}>
                {row.number}
              </text>
              {row.bubbles.map((bubble) => (
                <Bubble key={bubble.option} ellipse={bubble.ellipse} stroke={faint} label={bubble.option} />
              ))}
            </g>
          ))}
        </g>
      );
    case 'answerBox': {
      const shown =
        pending !== undefined && startHeight !== undefined && region.part === region.parts
          ? draggedPieceHeight(height, startHeight, pending)
          : height;
      const caption = region.parts > 1 ? `${region.label}（续 ${region.part}/${region.parts}）` : region.label;
      return (
        <g data-testid={`box-${region.boxId}-${region.part}`}>
          <rect {...frame} height={shown} strokeWidth={0.4} />
          <text x={x + 2} y={y + 4.5} fontSize={3.5} fill={ink}>
            {caption}（{region.fullMarks}分）
          </text>
        </g>
      );
    }
    default:
      return null;
  }
}

function Bubble({
  ellipse,
  stroke,
  label,
}: {
  ellipse: { cx: number; cy: number; width: number; height: number };
  stroke: string;
  label?: string;
}) {
  return (
    <g>
      <ellipse
        cx={ellipse.cx}
        cy={ellipse.cy}
        rx={ellipse.width / 2}
        ry={ellipse.height / 2}
        fill="none"
        stroke={stroke}
        strokeWidth={0.2}
      />
      {label ? (
        <text x={ellipse.cx} y={ellipse.cy + 0.9} fontSize={2.4} textAnchor="middle" fill={stroke}>
          {label}
        </text>
      ) : null}
    </g>
  );
}
