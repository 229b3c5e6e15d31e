import type { PopularVideo } from '#contract/index.ts'
import { Badge } from '#components/ui/badge.tsx'

const LICENSES: Record<string, string> = {
  youtube: 'Standard licence',
  creativeCommon: 'Creative Commons licence',
}

export function licenseLabel(license: string | undefined): string | undefined {
  return license ? (LICENSES[license] ?? `Licence: ${license}`) : undefined
}

/** Flags worth seeing at a glance; unusual values stand out, every raw value is also in the item's details. */
export function VideoBadges({ video }: { video: PopularVideo }) {
  const license = licenseLabel(video.license)
  return (
    <ul aria-label="Flags" className="flex flex-wrap gap-1.5">
      {video.madeForKids && (
        <li>
          <Badge tone="warn">Made for kids</Badge>
        </li>
      )}
      {video.hasPaidProductPlacement && (
        <li>
          <Badge tone="warn">Paid product placement</Badge>
        </li>
      )}
      {license && (
        <li>
          <Badge tone={video.license === 'creativeCommon' ? 'good' : 'neutral'}>{license}</Badge>
        </li>
      )}
      {video.privacyStatus && (
        <li>
          <Badge tone={video.privacyStatus === 'public' ? 'neutral' : 'warn'}>
            {video.privacyStatus[0]!.toUpperCase() + video.privacyStatus.slice(1)}
          </Badge>
        </li>
      )}
      {video.embeddable !== undefined && (
        <li>
          <Badge tone={video.embeddable ? 'neutral' : 'warn'}>
            {video.embeddable ? 'Embeddable' : 'Not embeddable'}
          </Badge>
        </li>
      )}
      {video.publicStatsViewable === false && (
        <li>
          <Badge tone="info">Stats not public</Badge>
        </li>
      )}
    </ul>
  )
}
