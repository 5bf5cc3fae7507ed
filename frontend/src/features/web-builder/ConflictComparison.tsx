import { useState } from 'react';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { apiErrorMessage } from '../errors/apiError.ts';
import { useGetLatestWebsiteMutation } from './api.ts';
import { type ComparedVersion, compareVersions, type VersionDifference } from './versionCompare.ts';

/**
 * The conflict dialog's "Compare versions": reads the website as saved elsewhere and lists what differs
 * from the editor's unsaved version (title, settings, page by page), so the agent can choose which to keep.
 */
export function ConflictComparison({ websiteId, mine }: { websiteId: string; mine: () => ComparedVersion }) {
  const [getLatest, latest] = useGetLatestWebsiteMutation();
  const [differences, setDifferences] = useState<VersionDifference[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const compare = async () => {
    setError(null);
    try {
      const theirs = await getLatest(websiteId).unwrap();
      setDifferences(compareVersions(mine(), theirs));
    } catch (failure) {
      setError(apiErrorMessage(failure, 'The other version could not be read'));
    }
  };

  return (
    <div className="space-y-3">
      <Button variant="secondary" size="sm" loading={latest.isLoading} onClick={() => void compare()}>
        {differences ? 'Compare again' : 'Compare versions'}
      </Button>
      {error && <Alert>{error}</Alert>}
      {differences &&
        (differences.length === 0 ? (
          <p className="text-sm text-slate-600">
            The other version has the same title, settings and pages as yours.
          </p>
        ) : (
          <ul
            aria-label="Differences between the versions"
            className="max-h-56 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200 text-sm"
          >
            {differences.map((difference) => (
              <li
                key={`${difference.subject}:${difference.detail}`}
                className="flex flex-wrap gap-x-2 px-3 py-2"
              >
                <span className="font-medium break-all text-slate-900">{difference.subject}</span>
                <span className="text-slate-600">{difference.detail}</span>
              </li>
            ))}
          </ul>
        ))}
    </div>
  );
}
