import type { LucideIcon } from "lucide-react";
import { Link } from "react-router";

export type Tile = { to: string; title: string; description: string; icon: LucideIcon };

export function LinkTile({ tile }: { tile: Tile }) {
  const Icon = tile.icon;
  return (
    <Link
      to={tile.to}
      className="group flex items-start gap-3 rounded-lg border border-border bg-background p-4 shadow-sm transition-colors hover:border-primary hover:bg-secondary/40"
    >
      <span className="rounded-md bg-secondary p-2 text-secondary-foreground" aria-hidden="true">
        <Icon className="size-5" />
      </span>
      <span className="grid gap-0.5">
        <span className="font-semibold group-hover:text-primary">{tile.title}</span>
        <span className="text-sm text-muted-foreground">{tile.description}</span>
      </span>
    </Link>
  );
}

export function TileSection({ title, tiles }: { title: string; tiles: Tile[] }) {
  return (
    <section aria-labelledby={`section-${title}`} className="grid gap-3">
      <h2 id={`section-${title}`} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {tiles.map((tile) => (
          <LinkTile key={`${tile.to}-${tile.title}`} tile={tile} />
        ))}
      </div>
    </section>
  );
}
