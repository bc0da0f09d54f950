import styled from '@emotion/styled';

const Label = styled.p`
  display: flex;
  justify-content: space-between;
  gap: 1rem;
  margin: 0 0 0.4rem;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Track = styled.div`
  height: 0.75rem;
  border-radius: ${({ theme }) => theme.radius.round};
  background: ${({ theme }) => theme.color.border};
  overflow: hidden;
`;

const Fill = styled.div`
  height: 100%;
  border-radius: inherit;
  background: linear-gradient(90deg, ${({ theme }) => theme.color.primary}, ${({ theme }) => theme.color.accent});
`;

/** How far the player is from `level` to the next one, as an accessible progress bar. */
export function LevelProgress({ level, percent }: { level: number; percent: number }) {
  return (
    <div>
      <Label>
        <span id="level-progress-label">Progress to level {level + 1}</span>
        <span aria-hidden="true">{percent}%</span>
      </Label>
      <Track
        role="progressbar"
        aria-labelledby="level-progress-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <Fill style={{ width: `${percent}%` }} />
      </Track>
    </div>
  );
}
