/**
 * The rotating pyramid, drawn with four CSS triangles turning in 3D. React hoists and
 * deduplicates the keyframes (one `<style>` however many loaders render). With
 * prefers-reduced-motion the pyramid stands still and only the label tells that work is going on.
 */
const KEYFRAMES = `
@keyframes pyramid-turn { from { transform: rotateX(-20deg) rotateY(0deg); } to { transform: rotateX(-20deg) rotateY(360deg); } }
.pyramid-loader-body { transform: rotateX(-20deg) rotateY(-30deg); animation: pyramid-turn 3s linear infinite; }
@media (prefers-reduced-motion: reduce) { .pyramid-loader-body { animation: none; } }
`;

const FACES = [
  { turn: 0, shade: 'border-b-brand-500' },
  { turn: 90, shade: 'border-b-brand-600' },
  { turn: 180, shade: 'border-b-brand-700' },
  { turn: 270, shade: 'border-b-brand-900' },
] as const;

export function PyramidLoader({ label }: { label: string }) {
  return (
    <div role="status" className="flex flex-col items-center gap-6 py-16">
      <style href="pyramid-loader" precedence="default">
        {KEYFRAMES}
      </style>
      <div aria-hidden="true" className="size-24 [perspective:600px]">
        <div className="pyramid-loader-body relative size-full [transform-style:preserve-3d]">
          {FACES.map((face) => (
            <span
              key={face.turn}
              className={`absolute left-0 top-0 h-0 w-0 border-x-[48px] border-b-[96px] border-x-transparent ${face.shade} opacity-90`}
              style={{
                transformOrigin: '50% 100%',
                transform: `rotateY(${face.turn}deg) translateZ(48px) rotateX(30deg)`,
              }}
            />
          ))}
        </div>
      </div>
      <p className="text-lg font-medium text-brand-900">{label}</p>
    </div>
  );
}
