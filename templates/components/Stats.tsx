export interface StatData {
  number: string;
  label: string;
  description?: string;
}

/** Figures as a definition list: the number is the value of its label. */
export function Stats({ items, tone = 'default' }: { items: StatData[]; tone?: 'default' | 'inverse' }) {
  return (
    <dl className={`stats stats-${tone}`}>
      {items.map((stat) => (
        <div className="stat" key={stat.label}>
          <dt className="stat-label">{stat.label}</dt>
          <dd className="stat-number">{stat.number}</dd>
          {stat.description && <dd className="stat-text">{stat.description}</dd>}
        </div>
      ))}
    </dl>
  );
}
