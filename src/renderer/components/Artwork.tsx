import './components.css';
import { Music, type LucideIcon } from 'lucide-react';

/** A stable hue (0–359) from a text, so a song keeps the same placeholder colours. */
export function hueOf(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) >>> 0;
  return h % 360;
}

/**
 * An item's artwork: its cover image, or placeholder art (a gradient from its title and an icon
 * for what it is, a note by default) when it has none. Decorative: the title next to it names it.
 */
export function Artwork({
  src,
  seed,
  size = 64,
  icon: Icon = Music,
}: {
  src?: string | null | undefined;
  /** What the placeholder's colours come from (the title). */
  seed: string;
  size?: number;
  icon?: LucideIcon;
}) {
  const style = { width: size, height: size, ['--art-hue' as string]: String(hueOf(seed)) };
  return src ? (
    <img className="artwork" src={src} alt="" style={style} loading="lazy" />
  ) : (
    <span className="artwork artwork-placeholder" style={style} aria-hidden>
      <Icon size={Math.round(size / 3)} strokeWidth={1.6} aria-hidden focusable={false} />
    </span>
  );
}
