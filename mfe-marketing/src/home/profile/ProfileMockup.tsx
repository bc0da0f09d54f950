import styled from '@emotion/styled';
import { randomSeed, usePortalStore } from '@nova/store';
import { ScriptButton } from '@nova/ui/script-button';
import { Section } from '../Section.tsx';
import { LevelProgress } from './LevelProgress.tsx';
import { RobotAvatar } from './RobotAvatar.tsx';
import { sampleProfile } from './sample-profile.ts';

const formatNumber = new Intl.NumberFormat('en-US').format;

const Card = styled.div`
  display: grid;
  gap: 2rem;
  padding: 1.5rem;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  ${({ theme }) => theme.mq.md} {
    grid-template-columns: auto 1fr;
    padding: 2rem;
  }
`;

const Identity = styled.div`
  display: grid;
  justify-items: center;
  align-content: start;
  gap: 1rem;
`;

const Details = styled.div`
  display: grid;
  align-content: start;
  gap: 1.5rem;
  h3 {
    margin: 0 0 0.6rem;
    font-size: 1.1rem;
  }
  ul {
    margin: 0;
    padding: 0;
    list-style: none;
  }
`;

const SampleNote = styled.p`
  margin: -0.75rem 0 1.5rem;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Badge = styled.span`
  display: inline-block;
  margin-right: 0.5rem;
  padding: 0.1rem 0.6rem;
  border-radius: ${({ theme }) => theme.radius.round};
  background: ${({ theme }) => theme.color.accent};
  color: ${({ theme }) => theme.color.onPrimary};
  font-size: 0.8rem;
  font-weight: 700;
  text-transform: uppercase;
`;

const Figures = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: 1rem 2.5rem;
  margin: 0;
  dt {
    color: ${({ theme }) => theme.color.textMuted};
  }
  dd {
    margin: 0;
    font-size: 1.75rem;
    font-weight: 700;
  }
`;

const Coins = styled.dd`
  color: ${({ theme }) => theme.color.gold};
`;

const Achievements = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  li {
    padding: 0.6rem 1rem;
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.color.surfaceRaised};
  }
  span {
    display: block;
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.9rem;
  }
`;

const ActivityList = styled.ul`
  li {
    display: grid;
    grid-template-columns: 1fr auto;
    gap: 0 1rem;
    padding: 0.6rem 0;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
  }
  li > span:last-of-type {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.9rem;
  }
  ${({ theme }) => theme.mq.md} {
    li {
      grid-template-columns: 1fr 1fr auto;
    }
  }
`;

/**
 * What a player profile could look like, filled with fixed sample figures. The avatar is the
 * one real thing: generated from the seed in the shared store, so it outlives the page.
 */
export function ProfileMockup() {
  const avatarSeed = usePortalStore((state) => state.avatarSeed);
  const setAvatarSeed = usePortalStore((state) => state.setAvatarSeed);
  const { level, levelProgress, coins, achievements, recentActivity } = sampleProfile;

  return (
    <Section title="Sample Player Profile">
      <SampleNote>
        <Badge>Sample</Badge>
        An example of a player profile with made-up figures. It is not a real account.
      </SampleNote>
      <Card>
        <Identity>
          <RobotAvatar seed={avatarSeed} alt="Robot avatar of the sample player" />
          <ScriptButton type="button" variant="secondary" onClick={() => setAvatarSeed(randomSeed())}>
            Generate New Avatar
          </ScriptButton>
        </Identity>
        <Details>
          <Figures>
            <div>
              <dt>Level</dt>
              <dd>{level}</dd>
            </div>
            <div>
              <dt>Virtual coins</dt>
              <Coins>{formatNumber(coins)}</Coins>
            </div>
          </Figures>
          <LevelProgress level={level} percent={levelProgress} />
          <div>
            <h3>Achievements</h3>
            <Achievements>
              {achievements.map(({ name, detail }) => (
                <li key={name}>
                  <strong>{name}</strong>
                  <span>{detail}</span>
                </li>
              ))}
            </Achievements>
          </div>
          <div>
            <h3>Recent Activity</h3>
            <ActivityList>
              {recentActivity.map(({ game, result, time }) => (
                <li key={`${game} ${time}`}>
                  <span>{game}</span>
                  <span>{result}</span>
                  <span>{time}</span>
                </li>
              ))}
            </ActivityList>
          </div>
        </Details>
      </Card>
    </Section>
  );
}
