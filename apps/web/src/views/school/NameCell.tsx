import { Typography } from 'antd';

/**
 * The name of a row, with its code underneath when the code has no column of its own (phones),
 * so that what the row is stays in sight while the other columns scroll.
 */
export function NameCell({
  name,
  code,
  withCode,
}: {
  name: string;
  code: string;
  withCode: boolean;
}) {
  if (!withCode) return name;
  return (
    <div style={{ minWidth: 96, maxWidth: 150 }}>
      <div>{name}</div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        <code>{code}</code>
      </Typography.Text>
    </div>
  );
}
